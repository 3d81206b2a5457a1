import {
  createEmptyActor,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';
import type { StatePath } from 'xstate/graph';
import { coverageRecorder } from './transitionCoverage';

/**
 * Path generation that covers the machine's declaration instead of enumerating its graph: the model's
 * state graph is explored breadth first (so each state has a shortest path), each edge remembers the
 * declared states and transitions its macrostep walked, and for each of those names the cheapest path
 * walking it is chosen — the shortest path to an edge's source state, then that edge. Paths that are a
 * prefix of another chosen path are dropped.
 */
export interface ModelOptions<M extends AnyStateMachine> {
  events: readonly EventFromLogic<M>[];
  input?: InputFrom<M>;
  /** What distinguishes two states for the model; keep it small so the graph stays finite. */
  serializeState: (snapshot: SnapshotFrom<M>) => string;
  filterEvents?: (snapshot: SnapshotFrom<M>, event: EventFromLogic<M>) => boolean;
}

export type Path<M extends AnyStateMachine> = StatePath<
  SnapshotFrom<M> & AnyMachineSnapshot,
  EventFromLogic<M>
>;

export interface Vertex {
  snapshot: AnyMachineSnapshot;
  /** The edges of a shortest path from the initial state. */
  route: Edge[];
  /** The edges leaving this state, in the order of the model's events. */
  out: Edge[];
}
export interface Edge {
  from: Vertex;
  event: EventObject;
  to: AnyMachineSnapshot;
  /** The model state `to` is, as `serializeState` writes it: the key of its vertex. */
  toKey: string;
  walked: Set<string>;
}

/**
 * One transition of the machine as pure logic, in a fresh actor system (re-entering a state that invokes an
 * actor with a systemId would otherwise register it twice), with the names its microsteps walk.
 */
export function step(machine: AnyStateMachine, run: (scope: never) => AnyMachineSnapshot) {
  const self = createEmptyActor();
  const recorder = coverageRecorder();
  recorder.follow(self);
  self.system.inspect(recorder.inspect);
  const scope = {
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
  const snapshot = run(scope as never);
  recorder.add(snapshot);
  return { snapshot, walked: recorder.walked };
}

/** The model's state graph, breadth first: every state reached with a shortest route, and every edge. */
export function modelGraph<M extends AnyStateMachine>(machine: M, options: ModelOptions<M>) {
  const serialize = options.serializeState as (snapshot: AnyMachineSnapshot) => string;
  const filter = options.filterEvents as ((s: AnyMachineSnapshot, e: EventObject) => boolean) | undefined;
  const initial = step(machine, (scope) => machine.getInitialSnapshot(scope, options.input));
  const start: Vertex = { snapshot: initial.snapshot, route: [], out: [] };
  const vertices = new Map([[serialize(start.snapshot), start]]);
  const edges: Edge[] = [];
  // Each event once (a model may list one twice); told apart by content, written out once here, not per state.
  const events = [...new Map(options.events.map((event) => [JSON.stringify(event), event])).values()];
  for (const vertex of vertices.values()) {
    if (vertex.snapshot.status !== 'active') continue;
    for (const event of events) {
      // Only events a transition of the state selects (an unhandled actor error would crash the actor). Not
      // `can()`: it is false for a guarded branch that does nothing, which is a branch to walk too.
      const selected = machine.getTransitionData(vertex.snapshot, event).length > 0;
      if (!selected || (filter && !filter(vertex.snapshot, event))) continue;
      const next = step(machine, (scope) => machine.transition(vertex.snapshot, event, scope));
      const key = serialize(next.snapshot);
      const edge: Edge = { from: vertex, event, to: next.snapshot, toKey: key, walked: next.walked };
      edges.push(edge);
      vertex.out.push(edge);
      // Map iteration visits entries added during the loop: this is the breadth-first queue.
      if (!vertices.has(key))
        vertices.set(key, { snapshot: next.snapshot, route: [...vertex.route, edge], out: [] });
    }
  }
  return {
    machine: machine as AnyStateMachine,
    serialize,
    initial: { snapshot: initial.snapshot, walked: initial.walked },
    vertices,
    edges,
  };
}

export type Graph = ReturnType<typeof modelGraph>;
export interface CoveringPath<M extends AnyStateMachine> {
  model: number;
  path: Path<M>;
}

export const routeOf = (edge: Edge) => [...edge.from.route, edge];

export function toPath<M extends AnyStateMachine>(
  graph: Graph,
  route: readonly { event: EventObject; to: AnyMachineSnapshot }[],
): Path<M> {
  const steps = [
    { event: { type: 'xstate.init' }, state: graph.initial.snapshot },
    ...route.map((edge) => ({ event: edge.event, state: edge.to })),
  ];
  return { state: steps.at(-1)!.state, steps, weight: route.length } as unknown as Path<M>;
}

const isPrefix = (short: Edge[], long: Edge[]) =>
  short.length < long.length && short.every((edge, index) => long[index] === edge);

/** Few, short paths that together walk every declared name any model can walk. */
export function coveringPaths<M extends AnyStateMachine>(
  graphs: Graph[],
  declared: string[],
): CoveringPath<M>[] {
  // The cheapest route walking each name; the initial state (an empty route) walks its own names.
  const best = new Map<string, { model: number; route: Edge[] }>();
  const offer = (name: string, model: number, route: Edge[]) => {
    const known = best.get(name);
    if (!known || route.length < known.route.length) best.set(name, { model, route });
  };
  graphs.forEach((graph, model) => {
    graph.initial.walked.forEach((name) => offer(name, model, []));
    for (const edge of graph.edges) {
      if (best.size && edge.from.route.length + 1 > maxBest(best, edge.walked)) continue;
      edge.walked.forEach((name) => offer(name, model, routeOf(edge)));
    }
  });
  const chosen: { model: number; route: Edge[] }[] = [];
  const covered = new Set<string>();
  for (const name of declared) {
    const pick = best.get(name);
    if (!pick || covered.has(name)) continue;
    chosen.push(pick);
    const walked = [graphs[pick.model]!.initial.walked, ...pick.route.map((edge) => edge.walked)];
    walked.forEach((names) => names.forEach((walkedName) => covered.add(walkedName)));
  }
  return chosen
    .filter(
      (path) => !chosen.some((other) => other.model === path.model && isPrefix(path.route, other.route)),
    )
    .map(({ model, route }) => ({ model, path: toPath<M>(graphs[model]!, route) }));
}

/** The longest best route among `names`: an edge longer than that improves none of them. */
function maxBest(best: Map<string, { route: Edge[] }>, names: Set<string>) {
  let longest = 0;
  for (const name of names) longest = Math.max(longest, best.get(name)?.route.length ?? Infinity);
  return longest;
}
