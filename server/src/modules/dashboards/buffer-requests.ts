import type { FastifyRequest } from 'fastify';
import type { DashboardImport, DashboardUpdate, Widget, WidgetSave } from '#contracts';
import type { BuffersService } from '../buffers/service';

type Preparation = (request: FastifyRequest) => Promise<void>;

/** The preHandler of each save that stores widgets: it runs after the route's contract validated the body. */
export interface BuffersOnSave {
  saveDashboard: Preparation;
  saveWidget: Preparation;
  importDashboard: Preparation;
}

const nothingToPrepare: Preparation = async () => undefined;

/**
 * SPEC §4: an element whose buffer status is CREATE_BUFFER (and, on an import with "create buffers", every element
 * naming a buffer) has its buffer created or changed before the save stores the widgets, which then say OK.
 * Without the buffers service (no gateway) the elements stay as they were asked.
 */
export function buffersOnSave(buffers: BuffersService | undefined): BuffersOnSave {
  if (!buffers)
    return {
      saveDashboard: nothingToPrepare,
      saveWidget: nothingToPrepare,
      importDashboard: nothingToPrepare,
    };
  return {
    saveDashboard: async (request) => {
      const body = request.body as DashboardUpdate;
      body.widgets = await buffers.prepareWidgets(request.session!, body.widgets, 'widgets');
    },
    saveWidget: async (request) => {
      const body = request.body as WidgetSave;
      const [widget] = await buffers.prepareWidgets(request.session!, [body.widget], 'widget');
      body.widget = widget as Widget;
    },
    importDashboard: async (request) => {
      const body = request.body as DashboardImport;
      body.widgets = await buffers.prepareWidgets(request.session!, body.widgets, 'widgets', {
        all: body.createBuffers,
      });
    },
  };
}
