#!/usr/bin/env python3
"""P1's Fig. 1 + Fig. 2 sweep written the way a user would write it: plain Python, standard
library only, one loop per URL and per byte.

This is the baseline `urlhash sweep --fig 1,2 --csv` is compared against (see
benches/compare_python.sh). It reads URLs one per line (bytes) from a file or standard input,
hashes each with P1's three C functions (ELFhash, HfIp, hf) translated literally, keeps the 24
slot histograms of Fig. 1 (A for M = 200 000, 800 000, 1 000 000, 2 000 000) and Fig. 2 (B for
M = 8, 10, 12, 40), and prints A and B at every checkpoint (every --step URLs and at the end)
as the same CSV as the Rust tool:

    figure,measure,function,m,n,value

A = sum_i N_i (N_i + 1) / 2 / N and B = M * max_i N_i / N. Like the Rust `Tally`, the script
keeps the running sum of N_i^2 and the running max per histogram while counting (O(1) per
URL), so a checkpoint is cheap; the per-byte hash loops are where the time goes.

The C, from P1 (char is signed, int and unsigned int are 32 bits and wrap, HfIp addresses the
bytes of n little-endian; all three stop at the first NUL byte):

    int ELFhash(char* url, int size) { unsigned int h=0;
      while (*url) { h=(h<<4) + *url++;
        unsigned int g= h & 0xF0000000; if (g) h^=g>>24; h&=~g; }
      return h%size; }
    unsigned int HfIp(char* url, int size) { unsigned int n=0; char* b=(char*)&n;
      for (int i=0; i<strlen(url); i++) b[i%4]^=url[i];
      return n%size; }
    int _hf(char* url, int size) { int result=0; char* ptr=url; int c;
      for (int i=1; c=*ptr++; i++) result += c*3*i;
      if (result<0) result = -result;
      return result%size; }

Slots are taken as urlhashlab's registry does: the unsigned 32-bit value mod M (for hf,
|result| as an unsigned number, so the one corner result == INT_MIN gives 2^31 mod M).

Lines are cleaned like urlhash's reader for the usual cases: a UTF-8 byte-order mark at the
start, a trailing CR and surrounding white space are dropped, blank lines are skipped.

Usage: python3 benches/sweep_baseline.py [--step S] [FILE|-]
"""

import argparse
import sys

FIG1_SLOTS = [200000, 800000, 1000000, 2000000]
FIG2_SLOTS = [8, 10, 12, 40]
FUNCTIONS = ["elfhash", "hfip", "hf"]


def elfhash(url):
    h = 0
    for c in url:
        if c == 0:
            break
        if c >= 128:  # signed char
            c -= 256
        h = ((h << 4) + c) & 0xFFFFFFFF
        g = h & 0xF0000000
        if g:
            h ^= g >> 24
        h &= ~g
    return h


def hfip(url):
    n = [0, 0, 0, 0]
    for i, c in enumerate(url):
        if c == 0:
            break
        n[i % 4] ^= c
    return n[0] | (n[1] << 8) | (n[2] << 16) | (n[3] << 24)


def hf(url):
    result = 0
    i = 1
    for c in url:
        if c == 0:
            break
        if c >= 128:  # signed char
            c -= 256
        result += c * 3 * i
        i += 1
    # 32-bit int wrap-around (wrapping once at the end equals wrapping at every step).
    result &= 0xFFFFFFFF
    if result >= 0x80000000:
        result -= 0x100000000
    return abs(result)


HASHES = {"elfhash": elfhash, "hfip": hfip, "hf": hf}


class Histogram:
    def __init__(self, figure, measure, function, m):
        self.figure = figure
        self.measure = measure
        self.function = function
        self.m = m
        self.counts = [0] * m
        self.sum_squares = 0
        self.max_load = 0

    def add(self, slot):
        c = self.counts[slot]
        self.sum_squares += 2 * c + 1
        c += 1
        self.counts[slot] = c
        if c > self.max_load:
            self.max_load = c

    def value(self, n):
        if self.measure == "A":
            return (self.sum_squares + n) / (2 * n)
        return self.m * self.max_load / n


def read_urls(stream):
    first = True
    for line in stream:
        if first:
            first = False
            if line.startswith(b"\xef\xbb\xbf"):
                line = line[3:]
        url = line.strip()
        if url:
            yield url


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", default="-", help="URL list, one per line ('-': stdin)")
    parser.add_argument("--step", type=int, default=500000, help="checkpoint every STEP URLs")
    args = parser.parse_args()
    if args.step < 1:
        parser.error("--step must be at least 1")

    # The series in urlhash's order: Fig. 1 then Fig. 2, for each M the three functions.
    histograms = []
    for figure, measure, slots in ((1, "A", FIG1_SLOTS), (2, "B", FIG2_SLOTS)):
        for m in slots:
            for function in FUNCTIONS:
                histograms.append(Histogram(figure, measure, function, m))

    out = sys.stdout
    out.write("figure,measure,function,m,n,value\n")

    def checkpoint(n):
        for h in histograms:
            out.write("%d,%s,%s,%d,%d,%.6f\n" % (h.figure, h.measure, h.function, h.m, n, h.value(n)))

    stream = sys.stdin.buffer if args.file == "-" else open(args.file, "rb")
    n = 0
    with stream:
        for url in read_urls(stream):
            raw = {name: f(url) for name, f in HASHES.items()}
            for h in histograms:
                h.add(raw[h.function] % h.m)
            n += 1
            if n % args.step == 0:
                checkpoint(n)
    if n == 0:
        sys.exit("no URLs to hash")
    if n % args.step != 0:
        checkpoint(n)


if __name__ == "__main__":
    main()
