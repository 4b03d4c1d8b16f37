#!/usr/bin/env node
// Runs the CLI from the TypeScript sources, so a checkout needs no build step.
import { register } from 'tsx/esm/api';

register();
await import(new URL('../src/cli/main.ts', import.meta.url).href);
