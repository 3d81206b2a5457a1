import type { DashboardGroup, DashboardGroupSave } from '#contracts';
import { AppError } from '../../errors';
import type { Owner } from './owner';
import { dashboardNotFound, groupOf, isId, loadGroup } from './records';
import type { DashboardQueries, DashboardsRepository } from './repository';

const groupNameTaken = () => new AppError(409, 'DASHBOARD_GROUP_NAME_TAKEN', 'name: Name already exists');

/** Every id must be one of the owner's dashboards (404 otherwise: nobody learns of others' dashboards). */
async function ownedIds(repo: DashboardQueries, owner: Owner, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const owned = unique.every(isId) ? await repo.ownedDashboardIds(owner, unique) : [];
  if (owned.length !== unique.length) throw dashboardNotFound();
  return unique;
}

async function group(repo: DashboardQueries, owner: Owner, id: string): Promise<DashboardGroup> {
  const row = await loadGroup(repo, owner, id);
  return groupOf(row, await repo.listDashboards(owner));
}

/** The rules of the user's dashboard groups: unique names, members that are the user's own dashboards. */
export function createGroupRules(repository: DashboardsRepository) {
  async function saveGroup(owner: Owner, input: DashboardGroupSave, existing: boolean) {
    return repository.transaction(async (repo) => {
      if (existing) await loadGroup(repo, owner, input.id);
      if (await repo.groupNameTaken(owner, input.name, existing ? input.id : undefined))
        throw groupNameTaken();
      const members = await ownedIds(repo, owner, input.dashboardsData);
      let id: string;
      if (existing) {
        id = input.id!;
        await repo.updateGroup(owner, id, {
          name: input.name,
          order: input.order,
          ...(input.expanded === undefined ? {} : { expanded: input.expanded }),
        });
      } else {
        const row = await repo.insertGroup(owner, {
          name: input.name,
          order: input.order,
          expanded: input.expanded ?? false,
        });
        id = row.id;
      }
      await repo.setGroupMembers(owner, id, members);
      return group(repo, owner, id);
    });
  }

  return {
    createGroup: (owner: Owner, input: DashboardGroupSave) => saveGroup(owner, input, false),
    updateGroup: (owner: Owner, input: DashboardGroupSave) => saveGroup(owner, input, true),

    /** Deletes the group; its dashboards return to the top level. */
    async removeGroup(owner: Owner, id: string): Promise<void> {
      await repository.transaction(async (repo) => {
        await loadGroup(repo, owner, id);
        await repo.ungroup(owner, id);
        await repo.deleteGroup(owner, id);
      });
    },

    /** Unique among the user's groups, ignoring case, the group `id` itself excepted. */
    async validateGroupName(owner: Owner, name: string, id?: string): Promise<{ valid: boolean }> {
      if (name === '') return { valid: false };
      const except = isId(id) ? id : undefined;
      return { valid: !(await repository.groupNameTaken(owner, name, except)) };
    },
  };
}
