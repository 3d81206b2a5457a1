import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import {
  routeOf,
  step,
  toPath,
  type CoveringPath,
  type Edge,
  type Graph,
  type Vertex,
} from './coveringPaths';

/**
 * Few walks that together walk every declared name any model can walk: where shortest paths start the product
 * once per name, a walk goes on from where it stands to the nearest edge that walks a name no walk has walked yet,
 * until none is in reach or the walk is `maxSteps` long. Starting the product is what a jsdom path spends most on
 * (rendering the app, signing in, opening the dialog), so fewer, longer walks cover the same names in less time.
 *
 * Each step is played on the machine from the snapshot the walk reached, not from the graph's stored one for that
 * model state, so the snapshots a walk asserts on are the ones its events make; a model state whose serialization
 * leaves out something that matters ends the walk there.
 */
export function coveringWalks<M extends AnyStateMachine>(
  graphs: Graph[],
  declared: readonly string[],
  maxSteps = 12,
): CoveringPath<M>[] {
  const open = new Set(declared);
  const walks: CoveringPath<M>[] = [];
  graphs.forEach((graph, model) => {
    for (;;) {
      const fresh = [...graph.initial.walked].some((name) => open.has(name));
      const first = fresh ? [] : firstRoute(graph, open);
      if (!first) return;
      const walk = new Walk(graph);
      const before = open.size;
      if (walk.follow(first)) walk.walked.forEach((name) => open.delete(name));
      // The graph's own routes replay as they were made; a machine that does not is not a model to walk.
      if (open.size === before) throw new Error(`${graph.machine.id}: its graph's routes replay differently`);
      for (;;) {
        const next = nearest(graph, walk.vertex(), open);
        if (!next || walk.route.length + next.length > maxSteps || !walk.follow(next)) break;
        walk.walked.forEach((name) => open.delete(name));
      }
      walks.push({ model, path: toPath<M>(graph, walk.route) });
    }
  });
  return walks;
}

const opens = (edge: Edge, open: Set<string>) => [...edge.walked].some((name) => open.has(name));

/** An edge after which the walk can go on: the machine is still running. */
const goesOn = (edge: Edge) => edge.to.status === 'active';

/**
 * The shortest route from the initial state through an edge that walks an open name (the graph's own route),
 * one the walk can go on from if there is one.
 */
function firstRoute(graph: Graph, open: Set<string>) {
  let best: Edge | undefined;
  const better = (edge: Edge) =>
    !best ||
    (goesOn(edge) && !goesOn(best)) ||
    (goesOn(edge) === goesOn(best) && edge.from.route.length < best.from.route.length);
  for (const edge of graph.edges) if (opens(edge, open) && better(edge)) best = edge;
  return best && routeOf(best);
}

/**
 * Breadth first from `from`: the edges to the nearest edge that walks an open name, that edge last. An edge that
 * stops the machine is taken only when no open edge the walk could go on from is in reach.
 */
function nearest(graph: Graph, from: Vertex | undefined, open: Set<string>): Edge[] | undefined {
  if (!from) return undefined;
  const routes = new Map<Vertex, Edge[]>([[from, []]]);
  let last: Edge[] | undefined;
  for (const [vertex, route] of routes) {
    for (const edge of vertex.out) {
      if (opens(edge, open)) {
        if (goesOn(edge)) return [...route, edge];
        last ??= [...route, edge];
      }
      const target = graph.vertices.get(edge.toKey);
      if (target && !routes.has(target)) routes.set(target, [...route, edge]);
    }
  }
  return last;
}

/** A walk played on the machine: the steps it took, the snapshot it stands in, and the names it walked. */
class Walk {
  readonly route: { event: EventObject; to: AnyMachineSnapshot }[] = [];
  readonly walked = new Set<string>();
  private snapshot: AnyMachineSnapshot;

  constructor(private readonly graph: Graph) {
    this.snapshot = graph.initial.snapshot;
    graph.initial.walked.forEach((name) => this.walked.add(name));
  }

  /** The model state the walk stands in; none once the machine has stopped. */
  vertex() {
    if (this.snapshot.status !== 'active') return undefined;
    return this.graph.vertices.get(this.graph.serialize(this.snapshot));
  }

  /** Takes the edges' events in turn; false, taking none, when one leads elsewhere than the graph says. */
  follow(edges: Edge[]) {
    const { machine, serialize } = this.graph;
    const taken: { event: EventObject; to: AnyMachineSnapshot; walked: Set<string> }[] = [];
    let snapshot = this.snapshot;
    for (const edge of edges) {
      const next = step(machine, (scope) => machine.transition(snapshot, edge.event, scope));
      if (serialize(next.snapshot) !== edge.toKey) return false;
      taken.push({ event: edge.event, to: next.snapshot, walked: next.walked });
      snapshot = next.snapshot;
    }
    for (const { event, to, walked } of taken) {
      this.route.push({ event, to });
      walked.forEach((name) => this.walked.add(name));
    }
    this.snapshot = snapshot;
    return true;
  }
}
