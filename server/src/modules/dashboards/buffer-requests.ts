import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DashboardImport, DashboardUpdate, Widget, WidgetSave } from '#contracts';
import type { BuffersService } from '../buffers/service';

type Preparation = (buffers: BuffersService, request: FastifyRequest) => Promise<void>;

const saveDashboard: Preparation = async (buffers, request) => {
  const body = request.body as DashboardUpdate;
  body.widgets = await buffers.prepareWidgets(request.session!, body.widgets, 'widgets');
};

/** The saves that store widgets, and where their widgets are in the (validated) body. */
const PREPARATIONS: Record<string, Preparation> = {
  'PUT /api/v2/dashboards/': saveDashboard,
  'PUT /api/v2/dashboards': saveDashboard,
  'POST /api/v2/dashboards/widgets': async (buffers, request) => {
    const body = request.body as WidgetSave;
    const [widget] = await buffers.prepareWidgets(request.session!, [body.widget], 'widget');
    body.widget = widget as Widget;
  },
  'POST /api/v2/dashboards/import': async (buffers, request) => {
    const body = request.body as DashboardImport;
    body.widgets = await buffers.prepareWidgets(request.session!, body.widgets, 'widgets', {
      all: body.createBuffers,
    });
  },
};

/**
 * SPEC §4: an element whose buffer status is CREATE_BUFFER (and, on an import with "create buffers", every element
 * naming a buffer) has its buffer created or changed before the save stores the widgets, which then say OK.
 * One hook for the three saves, after their contracts validated the body.
 */
export function createBuffersOnSave(app: FastifyInstance, buffers: BuffersService): void {
  app.addHook('preHandler', async (request) => {
    const prepare = PREPARATIONS[`${request.method} ${request.routeOptions.url}`];
    if (prepare) await prepare(buffers, request);
  });
}
