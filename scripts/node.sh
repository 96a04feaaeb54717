#!/bin/sh
# Runs Node with the given arguments, on Node 22 LTS or newer (the floor: Node 20 reached its end of life in
# April 2026). The machine's own Node when it is new enough, else Node 22 fetched once (node-of.sh).
set -eu
if [ "$(node -p 'process.versions.node.split(".")[0]')" -ge 22 ]; then exec node "$@"; fi
exec "$(sh "$(dirname "$0")/node-of.sh" 22)/bin/node" "$@"
