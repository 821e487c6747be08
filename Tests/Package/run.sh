#!/usr/bin/env bash
# The install a front-end team does: Install/package, then `npm install` of the tarball into an
# empty project, offline, and a Node test that spawns the package's own binary (no
# BRIDGE_EXECUTABLE, no bridge on PATH). Usage: Tests/Package/run.sh   (any cwd)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$root/Install/package" --out "$work/dist" > "$work/artifacts"
tarball="$(grep '\.tgz$' "$work/artifacts")"
(cd "$work/dist" && sha256sum -c SHA256SUMS >&2)
mkdir "$work/project"
cd "$work/project"
echo '{"name":"team-app","version":"1.0.0","type":"module","private":true}' > package.json
npm install "$tarball" --offline --no-audit --no-fund >&2
cp "$root/Tests/Package/app.test.js" .
test -x node_modules/.bin/bridge
env -u BRIDGE_EXECUTABLE PATH=/usr/bin:/bin timeout 300 node --test
