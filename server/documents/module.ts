import { join } from 'node:path';
import type { FeatureModule } from '../feature';
import { attachmentRoutes } from './attachmentRoutes';
import { documentCategoryEntity, documentEntity } from './documentEntities';
import { documentMutationHandlers } from './documentMutations';
import { documentRoutes } from './documentRoutes';
import { fileRoute } from './fileRoute';
import { DocumentFiles } from './fileStore';
import { sweepAfterDeletes } from './fileSweep';
import { seedDemoDocuments, writeDemoAttachmentFiles, writeDemoFiles } from './seed';
import { uploadRoutes } from './uploadRoutes';

/**
 * The documents library: metadata synced, files uploaded with tus and read with ranges; and
 * the files of posts' and events' attachments, through the same upload and store.
 */
export const documentsModule: FeatureModule = {
  name: 'documents',
  entities: [documentCategoryEntity, documentEntity],
  mutations: documentMutationHandlers,
  routes: (app, ctx) => {
    const files = new DocumentFiles(join(ctx.config.dataDir, 'documents'));
    documentRoutes(app, ctx, files);
    fileRoute(app, ctx.db, files);
    attachmentRoutes(app, ctx, files);
    uploadRoutes(app, ctx, files);
    const stopSweeping = sweepAfterDeletes(ctx.db, files, app.log);
    // Uploads a device never finished go after a week (fileStore.ts), looked for hourly.
    const sweepAbandoned = () =>
      void files.sweepAbandoned().then(
        (removed) => removed > 0 && app.log.info({ removed }, 'abandoned uploads removed'),
        (error: unknown) => app.log.warn({ err: error }, 'sweeping abandoned uploads failed'),
      );
    const hourly = setInterval(sweepAbandoned, 60 * 60 * 1000);
    hourly.unref();
    app.addHook('onReady', () => Promise.resolve(sweepAbandoned()));
    app.addHook('onClose', () => {
      clearInterval(hourly);
      stopSweeping();
      return Promise.resolve();
    });
    app.addHook('onReady', async () => {
      await writeDemoFiles(ctx.db, files);
      await writeDemoAttachmentFiles(ctx.db, files);
    });
  },
  seed: seedDemoDocuments,
};
