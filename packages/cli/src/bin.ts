#!/usr/bin/env node
import { processIo } from './io';
import { main } from './main';
import { reportCrash } from './report';

main(process.argv.slice(2), processIo()).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    // main reports what commands throw; this is the last resort, with the same rule: no stack
    // (JS internals, Sumi's own file paths) unless --debug
    process.stderr.write(reportCrash(null, err, { debug: process.argv.includes('--debug') }));
    process.exitCode = 70;
  },
);
