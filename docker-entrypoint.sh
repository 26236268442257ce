#!/bin/sh
# The Foretell image's entry point: the first argument picks the deployable, the rest go to it.
#   docker run foretell trading-api
#   docker run foretell admin-cli --json keys list
set -eu
app="${1:-}"
[ "$#" -gt 0 ] && shift
case "$app" in
  # Node flags per deployable: NODE_FLAGS in tooling/build/build-deployables.ts.
  trading-api)
    exec node --max-semi-space-size=8 "build/apps/$app/src/main.js" "$@" ;;
  public-read | chain-executor | webhook-dispatcher | admin-cli)
    exec node "build/apps/$app/src/main.js" "$@" ;;
  *)
    echo "usage: <trading-api|public-read|chain-executor|webhook-dispatcher|admin-cli> [arguments]" >&2
    exit 64 ;;
esac
