/** The deliveries (message templates and their versions): what other modules use. */
export { deliveryResource, type DeliveryProperties, type DeliveryRow } from './resource';
export { decodeCodeList } from './code';
export { DeliveryPatch } from './schemas';
export { recordDiffusion } from './repository';
