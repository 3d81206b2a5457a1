import type { SnapshotFrom } from 'xstate';
import type { alarmAcknowledgeMachine } from './alarmAcknowledgeMachine';
import { ACKNOWLEDGE_COMMENT_MAX } from './alarmAcknowledge.events';

type Snapshot = SnapshotFrom<typeof alarmAcknowledgeMachine>;

export const selectAcknowledgeOpen = (s: Snapshot): boolean => !s.matches('closed');
export const selectAcknowledgeTarget = (s: Snapshot) => s.context.target;
export const selectComment = (s: Snapshot): string => s.context.comment;
export const selectCommentTooLong = (s: Snapshot): boolean =>
  s.context.comment.trim().length > ACKNOWLEDGE_COMMENT_MAX;
export const selectAcknowledging = (s: Snapshot): boolean => s.matches('sending');
export const selectAcknowledgeError = (s: Snapshot) => s.context.error;
