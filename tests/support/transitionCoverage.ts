import {
  createActor,
  createEmptyActor,
  SimulatedClock,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes, type StatePath } from 'xstate/graph';

/**
 * Model-based testing helpers over `xstate/graph`:
 * - `edgePaths` generates, for every edge (state + event → target) of a machine's adjacency map, the
 *   shortest path to the state followed by that event, so every edge is walked once;
 * - `adjacencyEdges` / `walkedEdges` let a test prove it;
 * - `untestedTransitions` compares the walked paths against the transitions *declared* in the machine
 *   config, so a transition that no fixture can trigger (a new event, an unreachable guard branch) fails.
 */
export interface ModelOptions<M extends AnyStateMachine> {
  events: readonly EventFromLogic<M>[];
  input?: InputFrom<M>;
  /** What distinguishes two states for the model; keep it small so the graph stays finite. */
  serializeState: (snapshot: SnapshotFrom<M>) => string;
  filterEvents?: (snapshot: SnapshotFrom<M>, event: EventFromLogic<M>) => boolean;
}

// The graph functions are typed loosely over machines; these helpers keep their own API typed per machine.
export type Path<M extends AnyStateMachine> = StatePath<
  SnapshotFrom<M> & AnyMachineSnapshot,
  EventFromLogic<M>
>;
type Edge = { event: EventObject; state: AnyMachineSnapshot };
type LooseOptions = NonNullable<Parameters<typeof getShortestPaths>[1]>;

const edgeKey = (from: string, event: { type: string }, to: string) =>
  `${from} --${JSON.stringify(event)}--> ${to}`;

/**
 * The machine as pure logic whose every transition runs in a fresh actor system: the graph walker
 * otherwise shares one system, and re-entering a state that invokes an actor with a systemId would
 * register that systemId twice.
 */
function isolated<M extends AnyStateMachine>(machine: M): M {
  const scope = () => {
    const self = createEmptyActor();
    return {
      self,
      system: self.system,
      logger: () => {},
      id: '',
      sessionId: '',
      defer: () => {},
      stopChild: () => {},
      emit: () => {},
      actionExecutor: () => {},
    };
  };
  return Object.create(machine, {
    transition: {
      value: (snapshot: unknown, event: unknown) =>
        machine.transition(snapshot as never, event as never, scope() as never),
    },
    getInitialSnapshot: {
      value: (_: unknown, input: unknown) => machine.getInitialSnapshot(scope() as never, input),
    },
  }) as M;
}

function traversal<M extends AnyStateMachine>(options: ModelOptions<M>): LooseOptions {
  const serialize = options.serializeState as (snapshot: AnyMachineSnapshot) => string;
  const filter = options.filterEvents as
    ((snapshot: AnyMachineSnapshot, event: EventObject) => boolean) | undefined;
  return {
    input: options.input,
    // Only events the state handles: an unhandled actor error event would crash the actor.
    events: (snapshot: AnyMachineSnapshot) => options.events.filter((event) => snapshot.can(event)),
    serializeState: (snapshot: AnyMachineSnapshot) => serialize(snapshot),
    ...(filter ? { filterEvents: filter } : {}),
  };
}

/** Every edge of the machine's adjacency map, as readable keys. */
export function adjacencyEdges<M extends AnyStateMachine>(machine: M, options: ModelOptions<M>): Set<string> {
  const serialize = options.serializeState as (snapshot: AnyMachineSnapshot) => string;
  const adjacency = getAdjacencyMap<AnyMachineSnapshot, EventObject, unknown>(
    isolated(machine),
    traversal(options),
  );
  const edges = new Set<string>();
  for (const [from, { transitions }] of Object.entries(adjacency)) {
    for (const { event, state } of Object.values(transitions) as Edge[])
      edges.add(edgeKey(from, event, serialize(state)));
  }
  return edges;
}

/** One path per adjacency edge: the shortest way to its source state, then its event. */
export function edgePaths<M extends AnyStateMachine>(machine: M, options: ModelOptions<M>): Path<M>[] {
  const config = traversal(options);
  const serialize = options.serializeState as (snapshot: AnyMachineSnapshot) => string;
  const shortest = new Map<string, StatePath<AnyMachineSnapshot, EventObject>>();
  for (const path of getShortestPaths(isolated(machine), config)) shortest.set(serialize(path.state), path);
  const adjacency = getAdjacencyMap<AnyMachineSnapshot, EventObject, unknown>(isolated(machine), config);
  return Object.entries(adjacency).flatMap(([from, { transitions }]) => {
    const head = shortest.get(from);
    if (!head) throw new Error(`No path reaches ${from}`);
    return (Object.values(transitions) as Edge[]).map(
      ({ event, state }) =>
        ({ state, steps: [...head.steps, { event, state }], weight: head.weight + 1 }) as Path<M>,
    );
  });
}

/** Edges the paths walk (the first step of a path is the initial state, reached by xstate.init). */
export function walkedEdges<M extends AnyStateMachine>(
  paths: Path<M>[],
  options: ModelOptions<M>,
): Set<string> {
  const edges = new Set<string>();
  for (const { steps } of paths) {
    steps.slice(1).forEach((step, index) => {
      const from = steps[index]!.state;
      edges.add(edgeKey(options.serializeState(from), step.event, options.serializeState(step.state)));
    });
  }
  return edges;
}

type TransitionDefinition = ReturnType<AnyStateMachine['getTransitionData']>[number];

function describe(definition: TransitionDefinition, index: number) {
  return `${definition.source.id} on ${definition.eventType} #${index}`;
}

/** Transitions declared in the machine config that none of the paths takes, e.g. "app.signedIn on session.expired #0". */
export function untestedTransitions<M extends AnyStateMachine>(machine: M, paths: Path<M>[]): string[] {
  const declared = new Map<TransitionDefinition, string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const definitions of node.transitions.values()) {
      definitions.forEach((definition, index) => declared.set(definition, describe(definition, index)));
    }
  }
  const taken = new Set<TransitionDefinition>();
  for (const { steps } of paths) {
    steps.slice(1).forEach((step, index) => {
      for (const definition of machine.getTransitionData(steps[index]!.state, step.event))
        taken.add(definition);
    });
  }
  return [...declared].filter(([definition]) => !taken.has(definition)).map(([, name]) => name);
}

/**
 * Replays a path on a real actor of `logic` (the machine with fake services provided) and checks it
 * reaches the same state values. Delays run on a simulated clock that is never advanced, so delayed
 * events happen only when the path sends them.
 */
export function replayPath<M extends AnyStateMachine>(logic: M, path: Path<M>, input?: InputFrom<M>) {
  const actor = createActor(logic, { input, clock: new SimulatedClock() } as never);
  actor.start();
  const mismatches: string[] = [];
  for (const step of path.steps.slice(1)) {
    actor.send(step.event);
    const actual = JSON.stringify((actor.getSnapshot() as AnyMachineSnapshot).value);
    const expected = JSON.stringify((step.state as AnyMachineSnapshot).value);
    if (actual !== expected) mismatches.push(`after ${step.event.type}: ${actual} instead of ${expected}`);
  }
  return { actor, mismatches };
}

export const describePath = (path: { steps: { event: { type: string } }[] }) =>
  path.steps
    .slice(1)
    .map((step) => step.event.type)
    .join(' → ') || '(initial)';
