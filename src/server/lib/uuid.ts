export { isUuid } from '../../shared/uuid.js';
