/** A small seeded PRNG so that a paraphrase run is reproducible from its seed. */
export { mulberry32 } from '../../../shared/seeded-random.js';
