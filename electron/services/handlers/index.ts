/**
 * Every channel's handler, from the per-domain modules.
 */
import type { AppServices, Handlers } from '../app-services.js';
import { appHandlers } from './app-handlers.js';
import { collectionHandlers } from './collection-handlers.js';
import { decisionHandlers } from './decision-handlers.js';
import { detectionHandlers } from './detection-handlers.js';
import { documentHandlers } from './document-handlers.js';
import { exportHandlers } from './export-handlers.js';
import { modelHandlers } from './model-handlers.js';
import { suggestionHandlers } from './suggestion-handlers.js';

export function createHandlers(services: AppServices): Handlers {
  return {
    ...appHandlers(services),
    ...collectionHandlers(services),
    ...documentHandlers(services),
    ...decisionHandlers(services),
    ...detectionHandlers(services),
    ...suggestionHandlers(services),
    ...exportHandlers(services),
    ...modelHandlers(services),
  };
}
