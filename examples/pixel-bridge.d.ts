// The pixel bridge sample is a classic script: it exports nothing (tests/docs/pixel-bridge.test.ts).
export {};
