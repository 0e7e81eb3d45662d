#!/bin/sh
# Pacifist: does nothing, ever (its score is only what others' rotations hand it). A field bot
# for benchmarks/strength.py.
echo NNN
