#!/bin/sh
# Hoarder: takes three coins every turn and never flips them (each costs a point and counts -1
# at the end): the worst of the original answers' styles. A field bot for benchmarks/strength.py.
echo 333
