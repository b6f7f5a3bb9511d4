export * from './char-classes.js';
export * from './placeholders.js';
export * from './scan.js';
export * from './token-key.js';
export * from './tokenize.js';
