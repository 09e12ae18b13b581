// Written by tools/record-threads.mjs: P3's spider threads as `urlhash paper p3 --threads --n 100000 --json` measured them
// on one machine (the page's "measured by the command line" table). Data, not code: record again
// rather than edit.
export const RECORDED = {
  "command": "urlhash paper p3 --threads --n 100000 --json",
  "day": "2026-11-26",
  "cores": 2,
  "cpu": "Intel(R) Xeon(R) Processor",
  "os": "Linux 6.18.44-fc-v669",
  "urls": 100000,
  "threads": [
    {
      "locking": "global",
      "threads": 1,
      "urls": 100000,
      "distinct": 100000,
      "duplicates": 0,
      "acquisitions": 100000,
      "contended": 0,
      "wait_ms": 0,
      "seconds": 0.025177683,
      "urls_per_second": 3971771.3500483744,
      "per_thread": [
        100000
      ]
    },
    {
      "locking": "partial",
      "threads": 1,
      "urls": 100000,
      "distinct": 100000,
      "duplicates": 0,
      "acquisitions": 100000,
      "contended": 0,
      "wait_ms": 0,
      "seconds": 0.025022417,
      "urls_per_second": 3996416.4932588246,
      "per_thread": [
        100000
      ]
    },
    {
      "locking": "sharded",
      "threads": 1,
      "urls": 100000,
      "distinct": 100000,
      "duplicates": 0,
      "acquisitions": 100000,
      "contended": 0,
      "wait_ms": 0,
      "seconds": 0.024068828,
      "urls_per_second": 4154751.531732247,
      "per_thread": [
        100000
      ]
    },
    {
      "locking": "global",
      "threads": 2,
      "urls": 100000,
      "distinct": 100000,
      "duplicates": 0,
      "acquisitions": 100000,
      "contended": 56124,
      "wait_ms": 20.969048,
      "seconds": 0.038865204,
      "urls_per_second": 2572995.6286862665,
      "per_thread": [
        31289,
        68711
      ]
    },
    {
      "locking": "partial",
      "threads": 2,
      "urls": 100000,
      "distinct": 100000,
      "duplicates": 0,
      "acquisitions": 100000,
      "contended": 0,
      "wait_ms": 0,
      "seconds": 0.021507683,
      "urls_per_second": 4649501.296815654,
      "per_thread": [
        31289,
        68711
      ]
    },
    {
      "locking": "sharded",
      "threads": 2,
      "urls": 100000,
      "distinct": 100000,
      "duplicates": 0,
      "acquisitions": 100000,
      "contended": 246,
      "wait_ms": 4.347412,
      "seconds": 0.023737652,
      "urls_per_second": 4212716.573652693,
      "per_thread": [
        31289,
        68711
      ]
    }
  ]
};
