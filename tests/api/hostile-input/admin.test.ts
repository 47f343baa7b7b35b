import { fuzzArea } from './run.ts';

// The review desk: lists and decisions, as every kind of caller.
fuzzArea('admin');
