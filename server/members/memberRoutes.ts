import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../config';

export function memberRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
