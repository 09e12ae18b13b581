// Written by tools/record-threads.mjs: P3's spider threads as `urlhash paper p3 --threads --n 100000 --json` measured them
// on one machine (the page's "measured by the command line" table). Data, not code: record again
// rather than edit.
export const RECORDED = {
  "command": "urlhash paper p3 --threads --n 100000 --json",
  "day": "2026-11-28",
  "cores": 2,
  "cpu": "Intel(R) Xeon(R) Processor",
  "os": "Linux 6.18.44-fc-v669",
  "urls": 100000,
  "threads": [
    {
      "locking": "global",
      "threads": 1,
      "per_domain": 1,
      "urls": 100000,
      "distinct": 100000,
      "duplicates": 0,
      "acquisitions": 100000,
      "contended": 0,
      "wait_ms": 0,
      "seconds": 0.035141028,
      "urls_per_second": 2845676.569279647,
      "per_thread": [
        100000
      ]
    },
    {
      "locking": "partial",
      "threads": 1,
      "per_domain": 1,
      "urls": 100000,
      "distinct": 100000,
      "duplicates": 0,
      "acquisitions": 100000,
      "contended": 0,
      "wait_ms": 0,
      "seconds": 0.035658867,
      "urls_per_second": 2804351.579650582,
      "per_thread": [
        100000
      ]
    },
    {
      "locking": "sharded",
      "threads": 1,
      "per_domain": 1,
      "urls": 100000,
      "distinct": 100000,
      "duplicates": 0,
      "acquisitions": 100000,
      "contended": 0,
      "wait_ms": 0,
      "seconds": 0.033501645,
      "urls_per_second": 2984928.053532894,
      "per_thread": [
        100000
      ]
    },
    {
      "locking": "global",
      "threads": 2,
      "per_domain": 1,
      "urls": 100000,
      "distinct": 100000,
      "duplicates": 0,
      "acquisitions": 100000,
      "contended": 38725,
      "wait_ms": 22.57383,
      "seconds": 0.047935148,
      "urls_per_second": 2086151.8983940554,
      "per_thread": [
        31289,
        68711
      ]
    },
    {
      "locking": "partial",
      "threads": 2,
      "per_domain": 1,
      "urls": 100000,
      "distinct": 100000,
      "duplicates": 0,
      "acquisitions": 100000,
      "contended": 0,
      "wait_ms": 0,
      "seconds": 0.031385365,
      "urls_per_second": 3186198.4080796894,
      "per_thread": [
        31289,
        68711
      ]
    },
    {
      "locking": "sharded",
      "threads": 2,
      "per_domain": 1,
      "urls": 100000,
      "distinct": 100000,
      "duplicates": 0,
      "acquisitions": 100000,
      "contended": 150,
      "wait_ms": 3.2984299999999998,
      "seconds": 0.033183966,
      "urls_per_second": 3013503.5697661936,
      "per_thread": [
        31289,
        68711
      ]
    },
    {
      "locking": "partial",
      "threads": 2,
      "per_domain": 2,
      "urls": 100000,
      "distinct": 100000,
      "duplicates": 0,
      "acquisitions": 100000,
      "contended": 48391,
      "wait_ms": 20.332155999999998,
      "seconds": 0.044008316,
      "urls_per_second": 2272297.8084414774,
      "per_thread": [
        50000,
        50000
      ]
    }
  ]
};
