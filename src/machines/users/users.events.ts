/** The new-user form's fields. */
export type UserField = 'username' | 'email' | 'role';

export type UsersEvent =
  /** Load the list again after it failed to load. */
  | { type: 'users.retry' }
  | { type: 'users.close' }
  /** Open the new-user form. */
  | { type: 'users.new' }
  | { type: 'users.edit'; field: UserField; value: string }
  /** Create the user; also the retry after a refused or failed create. */
  | { type: 'users.submit' }
  /** Back to the list from the form or the confirmation, changing nothing. */
  | { type: 'users.cancel' }
  /** Asks to disable or enable a user; nothing happens until users.confirm. */
  | { type: 'users.disable'; id: string }
  | { type: 'users.enable'; id: string }
  | { type: 'users.confirm' };
