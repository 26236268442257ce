/** k6 provides console (its log goes to k6's output); @types/k6 leaves it out and lib "dom" would bring far more. */
declare const console: {
  log(...values: unknown[]): void;
  warn(...values: unknown[]): void;
  error(...values: unknown[]): void;
};
