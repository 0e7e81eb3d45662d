#!/bin/sh
# Random, in the original answers' style: three random action characters a turn. A field bot
# for benchmarks/strength.py.
actions="123ABCXYZFURTN"
answer=""
for byte in $(od -An -N3 -tu1 /dev/urandom); do
    answer="$answer$(printf '%s' "$actions" | cut -c$((byte % 14 + 1)))"
done
echo "$answer"
