import { render } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFromLogic,
  InspectionEvent,
  SimulatedClock,
  SnapshotFrom,
} from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { provideApp } from '../../../src/machines/app/provideApp';
import { provideGuestMachines } from '../../../src/machines/app/provideGuestMachines';
import { createAppServices } from '../../../src/services/appServices';
import type { AppServiceWorker } from '../../../src/services/serviceWorker';
import { App } from '../../../src/ui/App';
import { AppActor } from '../../../src/ui/appActor';
import { GuestMachinesContext } from '../../../src/ui/screens/guestMachines';
import { coveringPaths, modelGraph, type ModelOptions, type Path } from './coveringPaths';
import { coveringWalks } from './coveringWalks';
import { fakeSocketFactory } from '../fakes/fakeSocket';
import { pathCoverage } from './pathCoverage';
import { whenPathsBuild } from './pathsBuild';
import { describeEvent, describePath, leafStates } from './pathNames';
import { coverageRecorder, declarationOf } from './transitionCoverage';

/**
 * Model-based path tests that drive the product: the machine is the model that generates the paths; the system
 * under test is the rendered app with its real machines and services. Each model event is played as what causes
 * it (a click, typing, a server answer, a browser event, time passing) and each model state is checked on the view.
 *
 * The test keeps a `world`: its own record of what the user did and what the server and the browser said. State
 * assertions compare the view with that record, so a machine that goes to the wrong state or drops an action
 * fails even though the same machine generated the paths. Coverage is what the product's own actor walked,
 * against what the machine declares.
 */
export interface ViewPathSuite<M extends AnyStateMachine, W> {
  /** The model, or several when the product starts the machine in different ways (a new or an edited item). */
  model: ViewPathModel<M> | readonly ViewPathModel<M>[];
  /**
   * Renders the product for one path (with `inspect` on its root actor) and returns the world to record into;
   * `initial` is the path's first model state (with several models, it tells which one the path is of).
   */
  /** Opens the product in the path's initial state; `model` is the path's own when the suite has several. */
  start(
    inspect: (event: InspectionEvent) => void,
    initial: SnapshotFrom<M>,
    model: ViewPathModel<M>,
  ): Promise<W>;
  /** Plays one model event on the product, updating the world with what the spec says follows from it. */
  play(event: EventFromLogic<M>, world: W, from: SnapshotFrom<M>): Promise<void>;
  /**
   * What the user sees (and what was sent) in each state, keyed by the state's path ("editingCode",
   * "signedIn.home"). Synchronous: it is retried until it holds or the wait times out.
   */
  states: Record<string, (snapshot: SnapshotFrom<M>, world: W) => void>;
  /** Cleans up after a path (fake timers, listeners). */
  stop?(world: NoInfer<W>): void | Promise<void>;
  /**
   * Why this suite starts the product once per declared name (the shortest path to each) instead of walking on
   * from where a path stands: for a world that cannot follow what a longer walk does.
   */
  shortestPaths?: string;
  /**
   * Declared states or transitions the product cannot reach, by the name the coverage test prints, each with
   * the reason. Shown in the `npm run test:paths` table; an allowance that is walked fails.
   */
  unreachable?: Readonly<Record<string, string>>;
}

/** A model of a view path suite; `label` names its paths when the suite has several models. */
export type ViewPathModel<M extends AnyStateMachine> = ModelOptions<M> & { label?: string };

/**
 * Renders the whole SPA at `path` with the production services, as main.tsx wires them, inspected; with `clock`,
 * its actor system's delays run on that (simulated) clock.
 */
export function renderProduct(
  path: string,
  options: {
    inspect?: (event: InspectionEvent) => void;
    serviceWorker?: AppServiceWorker;
    clock?: SimulatedClock;
    /** Stands in for the browser's full page load, which jsdom cannot do. */
    load?: (path: string) => void;
  } = {},
) {
  const socket = fakeSocketFactory();
  window.history.replaceState(null, '', path);
  const services = createAppServices(window.location.origin, socket.factory, options.serviceWorker);
  if (options.load) services.browser = { ...services.browser, load: options.load };
  const input = { path, themeMode: null, buildId: 'test-build' };
  const guestMachines = { logic: provideGuestMachines(services), inspect: options.inspect };
  render(
    createElement(GuestMachinesContext.Provider, {
      value: guestMachines,
      children: createElement(AppActor.Provider, {
        logic: provideApp(services),
        // An undefined clock would replace the system's own: given only when there is one.
        options: { input, inspect: options.inspect, ...(options.clock && { clock: options.clock }) },
        children: createElement(App),
      }),
    }),
  );
  return socket;
}

/** How long a state may take to show before the path fails: as long as any other wait in the suites. */
const STATE_SHOWN_WITHIN_MS = 20_000;

async function see<M extends AnyStateMachine, W>(
  suite: ViewPathSuite<M, W>,
  snapshot: SnapshotFrom<M>,
  world: W,
  after: string,
) {
  for (const leaf of leafStates((snapshot as AnyMachineSnapshot).value)) {
    const assertion = suite.states[leaf];
    if (!assertion) throw new Error(`No view assertion for state ${leaf}`);
    try {
      // Retried until it holds: the time limit is a hang detector, not a margin a loaded machine can miss.
      await vi.waitFor(() => assertion(snapshot, world), { timeout: STATE_SHOWN_WITHIN_MS, interval: 20 });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`${after}: the view does not show state ${leaf}\n${reason}`, { cause: error });
    }
  }
}

/** Records the names the product's actor of `machine` walks (its id tells it from the other actors). */
function productRecorder(machine: AnyStateMachine, walked: Set<string>) {
  const recorder = coverageRecorder();
  const ours = (event: InspectionEvent) =>
    (event.actorRef as { logic?: { id?: string } }).logic?.id === machine.id;
  return (event: InspectionEvent) => {
    if (!ours(event)) return;
    if (event.type === '@xstate.snapshot') recorder.add(event.snapshot as AnyMachineSnapshot);
    recorder.inspect(event);
    recorder.walked.forEach((name) => walked.add(name));
  };
}

/** Plays one generated path on the product: the initial state, then each event and the state it leads to. */
export async function playPath<M extends AnyStateMachine, W>(
  suite: ViewPathSuite<M, W>,
  path: Path<M>,
  inspect: (event: InspectionEvent) => void = () => {},
  model: ViewPathModel<M> = 'events' in suite.model ? suite.model : suite.model[0]!,
) {
  const [initial, ...steps] = path.steps;
  const world = await suite.start(inspect, initial!.state as SnapshotFrom<M>, model);
  try {
    let from = initial!.state as SnapshotFrom<M>;
    await see(suite, from, world, 'at the start');
    for (const [index, step] of steps.entries()) {
      const where = `step ${index + 1} (${describeEvent(step.event)})`;
      await suite.play(step.event, world, from).catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`${where} cannot be played\n${reason}`, { cause: error });
      });
      from = step.state as SnapshotFrom<M>;
      await see(suite, from, world, `after ${where}`);
    }
  } finally {
    await suite.stop?.(world);
  }
}

/**
 * One test per covering path of the model, played on the product, then the coverage test: every state and
 * transition the machine declares (guard branches, eventless and delayed ones included) was walked by the
 * product's actor, and every state has a view assertion; the ones missing are named in the failure.
 */
export function describeViewPaths<M extends AnyStateMachine, W>(
  title: string,
  machine: M,
  suite: ViewPathSuite<M, W>,
) {
  const models = 'events' in suite.model ? [suite.model] : suite.model;
  const named = (model: number, name: string) =>
    models.length > 1 ? `${models[model]!.label ?? `model ${model + 1}`}: ${name}` : name;
  const build = () => {
    const declared = declarationOf(machine);
    const cover = suite.shortestPaths ? coveringPaths : coveringWalks;
    const paths = cover<M>(
      models.map((model) => modelGraph(machine, model)),
      [...declared.states, ...declared.transitions],
    ).map(({ model, path }) => [named(model, describePath(path)), path, models[model]!] as const);
    return { declared, paths };
  };
  whenPathsBuild(title, build, ({ declared, paths }) =>
    describeBuiltPaths(title, machine, suite, declared, paths),
  );
}

function describeBuiltPaths<M extends AnyStateMachine, W>(
  title: string,
  machine: M,
  suite: ViewPathSuite<M, W>,
  declared: ReturnType<typeof declarationOf>,
  paths: readonly (readonly [string, Path<M>, ViewPathModel<M>])[],
) {
  const walked = new Set<string>();

  describe(title, () => {
    it.each(paths)(
      '%s',
      async (_name, path, model) => {
        await playPath(suite, path, productRecorder(machine, walked), model);
      },
      30_000,
    );

    it('walks, in the product, every state and transition the machine declares (not walked: listed)', async ({
      task,
    }) => {
      // The paths come from the machine: one that loses a state, a transition or a guard makes fewer paths, and
      // the product walks all of those. The declaration is pinned beside the tests (update with `vitest -u`
      // after a deliberate change, and review its diff), so such a loss fails here.
      const declaration = [...declared.states, ...declared.transitions].join('\n');
      await expect(`${declaration}\n`).toMatchFileSnapshot(`./declarations/${machine.id}.txt`);
      const unreachable = suite.unreachable ?? {};
      const coverage = pathCoverage({
        machine: title,
        declaration: declared,
        paths: paths.length,
        walked,
        unreachable,
      });
      task.meta.pathCoverage = coverage;
      expect(coverage.notWalked, `not walked by any path of ${title}`).toEqual([]);
      const names = [...declared.states, ...declared.transitions];
      const stale = Object.keys(unreachable).filter((name) => walked.has(name) || !names.includes(name));
      expect(stale, 'allowances that are walked or not declared').toEqual([]);
    });

    it('asserts every state of the machine on the view', () => {
      const leaves = getStateNodes(machine.root)
        .filter((node) => node.type === 'atomic' || node.type === 'final')
        .map((node) => node.path.join('.'));
      expect(leaves.filter((leaf) => !suite.states[leaf])).toEqual([]);
    });
  });
}
