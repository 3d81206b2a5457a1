import type { Page, Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../server/src/testing/wait';
import type { AnyMachineSnapshot, AnyStateMachine, EventFromLogic, SnapshotFrom } from 'xstate';
import { coveringPaths, modelGraph, type ModelOptions, type Path } from '../../support/paths/coveringPaths';
import type { PathCoverage } from '../../support/paths/pathCoverage';
import { describePath, leafStates } from '../../support/paths/pathNames';
import { whenPathsBuild } from '../../support/paths/pathsBuild';
import { declarationOf, type Declaration } from '../../support/paths/transitionCoverage';
import { useBrowserPage, PAGE_TIMEOUT_MS } from './session';

/**
 * Generated paths of a workflow machine played in Chromium against the real server (one fresh browser context
 * per path). The machine is the model; each model event is played as what causes it — a click, typing, or the
 * server's answer to a request the test held back until the path says it is answered — and each state is checked
 * on the page. The server's answers are real: the model only lets a path take the answer the server gives to
 * what the user typed (its `filterEvents`), and a play may arrange the server first (locking a user, say).
 *
 * These paths cover the states, the transitions on the server's answers and the suite's `alsoCover`; the jsdom view
 * paths walk the rest of the declaration. The coverage test fails on any of those not walked and not listed as
 * `unreachable`, and prints every declared name not walked.
 */
export interface ServerPathSuite<M extends AnyStateMachine, W> {
  model: ModelOptions<M>;
  /** Invoked actors that call the server: every transition on their answers must be walked or allowed. */
  serverActors: readonly string[];
  /**
   * Opens the product for one path in the fresh page and returns the world the test records into; what the server
   * must hold for the path's answers can be arranged here, before the page asks (a held request has a timeout).
   */
  start(page: Page, path: Path<M>): Promise<W>;
  /** Plays one model event on the page, updating the world with what follows from it. */
  play(page: Page, event: EventFromLogic<M>, world: W, from: SnapshotFrom<M>): Promise<void>;
  /** What the page shows in each state (its dotted path); retried until it holds (`eventually`, or `settle` ms). */
  states: Record<string, (page: Page, snapshot: SnapshotFrom<M>, world: W) => Promise<void>>;
  /** Client-side transitions (by coverage name) the journey should walk too, beyond the server's answers. */
  alsoCover?: readonly string[];
  /** Cleans up after a path (what it created on the server). */
  stop?(world: W): Promise<void>;
  /** Server answers the real server cannot be made to give, by coverage name, each with the reason. */
  unreachable?: Readonly<Record<string, string>>;
  /** Sort key of a path: paths that spoil a shared account for the rest of the run go last. */
  order?: (path: Path<M>) => number;
  settle?: number;
}

/** How long a see() step may wait for one element before it is retried. */
const LOOK_MS = 500;

async function see<M extends AnyStateMachine, W>(
  suite: ServerPathSuite<M, W>,
  page: Page,
  snapshot: SnapshotFrom<M>,
  world: W,
  after: string,
) {
  for (const leaf of leafStates((snapshot as AnyMachineSnapshot).value)) {
    const assertion = suite.states[leaf];
    if (!assertion) throw new Error(`No page assertion for state ${leaf}`);
    page.setDefaultTimeout(LOOK_MS);
    try {
      await eventually(async () => (await assertion(page, snapshot, world), true), {
        what: `${after}: the page to show state ${leaf}`,
        ...(suite.settle ? { timeoutMs: suite.settle } : {}),
      });
    } finally {
      page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    }
  }
}

/** The declared names each step of a path walks, from the model graph it was generated from. */
function walkedBy<M extends AnyStateMachine>(
  graph: ReturnType<typeof modelGraph>,
  model: ModelOptions<M>,
  path: Path<M>,
) {
  const serialize = model.serializeState as (snapshot: AnyMachineSnapshot) => string;
  const names = new Set(graph.initial.walked);
  path.steps.slice(1).forEach((step, index) => {
    const from = serialize(path.steps[index]!.state as AnyMachineSnapshot);
    const event = JSON.stringify(step.event);
    const edge = graph.edges.find(
      (candidate) => serialize(candidate.from.snapshot) === from && JSON.stringify(candidate.event) === event,
    );
    edge?.walked.forEach((name) => names.add(name));
  });
  return names;
}

const answersOf = (actors: readonly string[]) => (name: string) =>
  actors.some((id) => new RegExp(` on xstate\\.(done|error)\\.actor\\.${id}( |$)`).test(name));

export function describeServerPaths<M extends AnyStateMachine, W>(
  title: string,
  machine: M,
  suite: ServerPathSuite<M, W>,
) {
  const build = () => {
    const declared = declarationOf(machine);
    const isAnswer = answersOf(suite.serverActors);
    const graph = modelGraph(machine, suite.model);
    const order = suite.order ?? (() => 0);
    const unknown = (suite.alsoCover ?? []).filter((name) => !declared.transitions.includes(name));
    if (unknown.length) throw new Error(`alsoCover names no declared transition: ${unknown.join(', ')}`);
    const cover = [...declared.states, ...declared.transitions.filter(isAnswer), ...(suite.alsoCover ?? [])];
    const paths = coveringPaths<M>([graph], cover)
      .map(({ path }) => path)
      .sort((a, b) => order(a) - order(b));
    return { declared, graph, cover, paths };
  };
  whenPathsBuild(title, build, (built) => describeBuiltServerPaths(title, suite, built));
}

function describeBuiltServerPaths<M extends AnyStateMachine, W>(
  title: string,
  suite: ServerPathSuite<M, W>,
  {
    declared,
    graph,
    cover,
    paths,
  }: { declared: Declaration; graph: ReturnType<typeof modelGraph>; cover: string[]; paths: Path<M>[] },
) {
  const walked = new Set<string>();

  describe(title, () => {
    const page = useBrowserPage();

    it.each(paths.map((path) => [describePath(path), path] as const))(
      '%s',
      async (_name, path) => {
        const world = await suite.start(page(), path);
        try {
          const [initial, ...steps] = path.steps;
          let from = initial!.state as SnapshotFrom<M>;
          await see(suite, page(), from, world, 'at the start');
          for (const [index, step] of steps.entries()) {
            await suite.play(page(), step.event, world, from);
            from = step.state as SnapshotFrom<M>;
            await see(suite, page(), from, world, `after step ${index + 1} (${step.event.type})`);
          }
        } finally {
          await suite.stop?.(world);
        }
        walkedBy(graph, suite.model, path).forEach((name) => walked.add(name));
      },
      45_000,
    );

    it('walks every state and server answer the machine declares (not walked: listed with the reason)', ({
      task,
    }) => {
      const unreachable = suite.unreachable ?? {};
      const names = [...declared.states, ...declared.transitions];
      const notWalked = names.filter((name) => !walked.has(name));
      const required = new Set(cover);
      const clientSide = notWalked.filter((name) => !required.has(name) && !(name in unreachable));
      const coverage: PathCoverage = {
        machine: title,
        states: declared.states.length,
        transitions: declared.transitions.length,
        paths: paths.length,
        walked: names.length - notWalked.length,
        declared: names.length,
        notWalked: notWalked.filter((name) => required.has(name) && !(name in unreachable)),
        allowed: [
          ...Object.entries(unreachable).map(([name, reason]) => `${name} (${reason})`),
          ...(clientSide.length
            ? [`${clientSide.length} client-side names (the jsdom view paths walk them)`]
            : []),
        ],
      };
      task.meta.pathCoverage = coverage;
      console.info(
        `${title}: walked ${coverage.walked}/${coverage.declared} declared names in Chromium; not walked:\n  ` +
          (notWalked
            .map((name) => (name in unreachable ? `${name} — ${unreachable[name]}` : name))
            .join('\n  ') || '—'),
      );
      expect(coverage.notWalked, `states and server answers not walked by any path of ${title}`).toEqual([]);
      const stale = Object.keys(unreachable).filter((name) => walked.has(name) || !names.includes(name));
      expect(stale, 'allowances that are walked or not declared').toEqual([]);
    });
  });
}

/**
 * Requests to `url` (one method) held back until the path plays the server's answer: the pending state stays on
 * the page long enough to be seen, then `release` lets the request through to the real server.
 */
export async function holdRequests(page: Page, url: string | RegExp, method: string) {
  const held: Route[] = [];
  const sent: Request[] = [];
  await page.route(url, async (route, request) => {
    if (request.method() !== method) return route.fallback();
    sent.push(request);
    held.push(route);
  });
  return {
    /** The bodies of the requests sent so far, parsed. */
    bodies: () => sent.map((request) => request.postDataJSON() as unknown),
    urls: () => sent.map((request) => request.url()),
    waiting: () => held.length > 0,
    /** Lets the oldest held request reach the server (waiting for the page to send it first). */
    async release() {
      await expect.poll(() => held.length).toBeGreaterThan(0);
      await held.shift()!.continue();
    },
    /** The oldest held request fails as a dropped connection would: the server never hears of it. */
    async fail() {
      await expect.poll(() => held.length).toBeGreaterThan(0);
      await held.shift()!.abort('connectionrefused');
    },
  };
}

/** Records every toast the page shows (they hide after 1.5 s), in order; read them with `toastsShown`. */
export async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { shownToasts: string[] }).shownToasts = shown;
    const isToast = (node: Element) =>
      node.getAttribute('role') === 'status' && node.closest('section[aria-label="Notifications"]') !== null;
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        mutation.addedNodes.forEach((node) => {
          if (!(node instanceof Element)) return;
          const toasts = [node, ...Array.from(node.querySelectorAll('[role="status"]'))].filter(isToast);
          toasts.forEach((toast) => shown.push(toast.querySelector('span')?.textContent ?? ''));
        });
    }).observe(document, { childList: true, subtree: true });
  });
}

export const toastsShown = (page: Page) =>
  page.evaluate(() => (window as unknown as { shownToasts: string[] }).shownToasts);
