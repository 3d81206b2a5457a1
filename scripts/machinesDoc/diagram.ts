// Draws one XState v5 machine as the lines of a Mermaid stateDiagram-v2, walking its state nodes: nested and
// parallel states become composite states, initial and final states the [*] markers, and every transition with a
// target an arrow labelled by its event. Transitions without a target stay inside their state and are listed in the
// state table instead.

/** The parts of an XState v5 StateNode the diagram reads. */
export interface DocStateNode {
  key: string;
  id: string;
  path: string[];
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  description?: string;
  parent?: DocStateNode;
  states: Record<string, DocStateNode>;
  initial?: { target: DocStateNode[] };
  transitions: Map<string, DocTransition[]>;
  always?: DocTransition[];
  invoke: { id: string; src: unknown }[];
}

interface DocTransition {
  eventType: string;
  target?: DocStateNode[];
  guard?: unknown;
  delay?: number | string;
  source: DocStateNode;
}

interface Edge {
  from: DocStateNode;
  to: DocStateNode;
  label: string;
}

export function pathOf(node: DocStateNode): string[] {
  return node.path;
}

/** Mermaid ids are words: the state's path joined by underscores, unique across the diagram. */
function idOf(node: DocStateNode): string {
  if (!node.parent) return `${node.id.replace(/\W/g, '_')}_machine`;
  return node.path.map((segment) => segment.replace(/\W/g, '_')).join('_');
}

function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const combined = guard as { name: string; guards?: unknown[]; stateValue?: unknown };
    const inner = (combined.guards ?? []).map(guardName);
    if (combined.name === 'not') return `!${inner[0] ?? ''}`;
    if (combined.name === 'and') return inner.join(' && ');
    if (combined.name === 'or') return inner.join(' || ');
    if (combined.name === 'stateIn') return `in ${JSON.stringify(combined.stateValue)}`;
    return 'inline guard';
  }
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type);
  return 'guard';
}

function delayText(delay: number | string): string {
  if (typeof delay === 'string') return delay;
  if (delay >= 60_000 && delay % 60_000 === 0) return `${delay / 60_000} min`;
  if (delay >= 1000 && delay % 1000 === 0) return `${delay / 1000} s`;
  return `${delay} ms`;
}

/** The name of the invoked service an xstate.done/error/snapshot event comes from. */
function actorName(source: DocStateNode, actorId: string): string {
  const invoked = source.invoke.find((definition) => definition.id === actorId);
  return typeof invoked?.src === 'string' ? invoked.src : actorId;
}

function eventLabel(transition: DocTransition): string {
  const { eventType, source } = transition;
  const prefixes: [string, string][] = [
    ['xstate.done.actor.', 'done'],
    ['xstate.error.actor.', 'error'],
    ['xstate.snapshot.', 'snapshot'],
  ];
  let label = eventType;
  if (transition.delay !== undefined) label = `after ${delayText(transition.delay)}`;
  else if (eventType === '') label = 'always';
  else if (eventType.startsWith('xstate.done.state.')) label = 'done';
  else {
    const prefix = prefixes.find(([start]) => eventType.startsWith(start));
    if (prefix) label = `${prefix[1]}(${actorName(source, eventType.slice(prefix[0].length))})`;
  }
  return transition.guard === undefined ? label : `${label} [${guardName(transition.guard)}]`;
}

function childrenOf(node: DocStateNode): DocStateNode[] {
  return Object.values(node.states);
}

function isAncestorOrSelf(ancestor: DocStateNode, node: DocStateNode): boolean {
  for (let current: DocStateNode | undefined = node; current; current = current.parent) {
    if (current === ancestor) return true;
  }
  return false;
}

/** The composite an arrow is drawn in: the nearest state around both ends that is not parallel (or the root). */
function containerOf(edge: Edge): DocStateNode | undefined {
  let container = edge.from.parent;
  while (container && (container === edge.to || !isAncestorOrSelf(container, edge.to)))
    container = container.parent;
  while (container?.parent && container.type === 'parallel') container = container.parent;
  return container;
}

function edgesOf(root: DocStateNode): Edge[] {
  const edges: Edge[] = [];
  const visit = (node: DocStateNode) => {
    const transitions = [...node.transitions.values()].flat().concat(node.always ?? []);
    for (const transition of transitions) {
      for (const to of transition.target ?? []) {
        edges.push({
          from: node,
          to,
          label: eventLabel({ ...transition, eventType: transition.eventType ?? '' }),
        });
      }
    }
    childrenOf(node).forEach(visit);
  };
  visit(root);
  return edges;
}

function arrow(edge: Edge): string {
  return `${idOf(edge.from)} --> ${idOf(edge.to)}: ${edge.label}`;
}

function declaration(node: DocStateNode): string {
  const label = node.type === 'history' ? `${node.key} (history)` : node.key;
  return idOf(node) === label ? idOf(node) : `state "${label}" as ${idOf(node)}`;
}

/** The inside of a composite: initial marker, children, final markers, then the arrows drawn at this level. */
function body(node: DocStateNode, edges: Edge[], indent: string, separateRegions: boolean): string[] {
  const lines: string[] = [];
  if (node.type !== 'parallel') {
    for (const target of node.initial?.target ?? []) lines.push(`${indent}[*] --> ${idOf(target)}`);
  }
  childrenOf(node).forEach((child, index) => {
    if (node.type === 'parallel' && separateRegions && index > 0) lines.push(`${indent}--`);
    if (child.type === 'compound' || child.type === 'parallel') {
      lines.push(
        `${indent}${declaration(child)} {`,
        ...body(child, edges, `${indent}  `, true),
        `${indent}}`,
      );
    } else {
      lines.push(`${indent}${declaration(child)}`);
    }
    if (child.type === 'final') lines.push(`${indent}${idOf(child)} --> [*]`);
  });
  const arrows = edges.filter((edge) => containerOf(edge) === node).map(arrow);
  lines.push(...[...new Set(arrows)].map((line) => `${indent}${line}`));
  return lines;
}

export function diagramOf(root: DocStateNode): string[] {
  const edges = edgesOf(root);
  const fromRoot = edges.filter((edge) => edge.from === root);
  if (fromRoot.length === 0) return ['stateDiagram-v2', ...body(root, edges, '  ', false)];
  // Events the machine handles in every state leave the machine's own box.
  return [
    'stateDiagram-v2',
    `  state "${root.id}" as ${idOf(root)} {`,
    ...body(root, edges, '    ', true),
    '  }',
    ...[...new Set(fromRoot.map(arrow))].map((line) => `  ${line}`),
  ];
}
