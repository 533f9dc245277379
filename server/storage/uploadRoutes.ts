import type { FastifyInstance } from 'fastify';
import { storageKeyPattern, type Storage } from './storage';
import { imageTypes } from './imageType';

/**
 * `GET /uploads/<key>`: the stored file with the content type of its (server-chosen)
 * extension and nosniff. Files of a college are served only on that college's hosts.
 */
export function uploadRoutes(app: FastifyInstance, storage: Storage): void {
  app.get('/uploads/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const extension = key.slice(key.lastIndexOf('.') + 1);
    const type = imageTypes.find((t) => t.extension === extension);
    const collegeSegment = key.split('/')[1];
    if (!storageKeyPattern.test(key) || !type || !request.college || collegeSegment !== request.college.id) {
      return reply.code(404).send({ message: 'Not found.' });
    }
    const stream = await storage.get(key);
    if (!stream) return reply.code(404).send({ message: 'Not found.' });
    // Names are unique per upload, so a file never changes.
    return reply.header('Content-Type', type.mime).header('Cache-Control', 'public, max-age=31536000, immutable').send(stream);
  });
}
