import type { AnyMachineSnapshot, AnyStateMachine, AnyTransitionDefinition, InspectionEvent } from 'xstate';
import { getStateNodes } from 'xstate/graph';

/**
 * Coverage measured against what a machine declares, not against the graph its paths were made from:
 * every state node, and every transition candidate — each event transition and each branch of its guard
 * array, each eventless (`always`) branch, each delayed (`after`) transition — has a readable name, e.g.
 * `login.credentials on login.submit #2 [hasCredentials]`, `socket.open always`, `socket.open after 30000`.
 * A recorder turns the microsteps an actor takes into those names, so the names a path walks are what a
 * real actor did.
 */
export interface Declaration {
  states: string[];
  transitions: string[];
}

type StateNode = AnyStateMachine['root'];

const stateName = (node: { id: string }) => `state ${node.id}`;

function guardName(guard: unknown): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    // xstate's and/or/not keep their operands on `guards`.
    const operands = (guard as { guards?: unknown[] }).guards;
    return operands ? `${guard.name}(${operands.map(guardName).join(', ')})` : guard.name || 'inline guard';
  }
  return String((guard as { type?: unknown }).type ?? 'guard');
}

const candidatesOf = ({ source, eventType }: AnyTransitionDefinition): readonly AnyTransitionDefinition[] =>
  (eventType === '' ? source.always : source.transitions.get(eventType)) ?? [];

/** `<state id> on <event> | always | after <delay>`, with `#n` when the event has several candidates and the guard. */
function transitionName(definition: AnyTransitionDefinition): string {
  const { source, eventType } = definition;
  const afterPrefix = 'xstate.after.';
  const trigger =
    eventType === ''
      ? 'always'
      : eventType.startsWith(afterPrefix) && eventType.endsWith(`.${source.id}`)
        ? `after ${eventType.slice(afterPrefix.length, -source.id.length - 1)}`
        : `on ${eventType}`;
  const candidates = candidatesOf(definition);
  const branch = candidates.length > 1 ? ` #${candidates.indexOf(definition) + 1}` : '';
  const guard = guardName(definition.guard);
  return `${source.id} ${trigger}${branch}${guard ? ` [${guard}]` : ''}`;
}

/** Every state node and every transition candidate the machine declares, by name. */
export function declarationOf(machine: AnyStateMachine): Declaration {
  const nodes: StateNode[] = [machine.root, ...getStateNodes(machine.root)];
  const transitions = nodes.flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ]);
  return {
    // History pseudo-states are never active: a transition to one is what walks it.
    states: nodes.filter((node) => node.type !== 'history').map(stateName),
    transitions: transitions.map(transitionName),
  };
}

/** The names a snapshot is in: its active state nodes. */
const statesOf = (snapshot: AnyMachineSnapshot) => snapshot._nodes.map(stateName);

/**
 * Collects, from the inspection events of one actor (`self`), the transitions its microsteps took and the
 * states they went through, including states passed through by eventless transitions.
 */
export function coverageRecorder() {
  const walked = new Set<string>();
  let self: unknown;
  return {
    walked,
    /** Only the microsteps of `actor` count: invoked child machines report theirs too. */
    follow: (actor: unknown) => {
      self = actor;
    },
    add: (snapshot: AnyMachineSnapshot) => statesOf(snapshot).forEach((name) => walked.add(name)),
    inspect: (event: InspectionEvent) => {
      if (event.type !== '@xstate.microstep' || (self !== undefined && event.actorRef !== self)) return;
      for (const definition of event._transitions) {
        walked.add(transitionName(definition));
        // A transition's source was active: this counts a transient initial state, left by an eventless
        // transition before any snapshot shows it.
        walked.add(stateName(definition.source));
      }
      statesOf(event.snapshot as AnyMachineSnapshot).forEach((name) => walked.add(name));
    },
  };
}
