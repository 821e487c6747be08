#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer and AddressSanitizer (LeakSanitizer included) and runs
# each for a time budget, seeded from the conformance suites, the project's own files and the
# regression inputs in Fuzz/regressions/<target>/. Fails when a target crashes, leaks, runs out
# of memory or times out; the input that did it is saved under .build/fuzz/findings/.
#
#   Fuzz/run.sh                      # every target, 30 s each
#   FUZZ_SECONDS=300 Fuzz/run.sh toml acl
#   Fuzz/run.sh --build-only
#   FUZZ_SEED=1 Fuzz/run.sh          # the same sequence of inputs on every run (what .ci/run does)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$ROOT/.build/fuzz
SECONDS_EACH=${FUZZ_SECONDS:-30}
SHARED=${BRIDGE_CONFORMANCE:-$ROOT/../shared/conformance}
ALL_TARGETS=(json framing toml schema acl matching predicate http arguments url)
BUILD_ONLY=0
TARGETS=()
for arg in "$@"; do
  case "$arg" in
    --build-only) BUILD_ONLY=1 ;;
    *) TARGETS+=("$arg") ;;
  esac
done
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=("${ALL_TARGETS[@]}")

# The modules each target links (with their dependencies, read from Package.swift).
declare -A NEEDS=(
  [json]="BridgeJSON" [framing]="BridgeFraming" [toml]="BridgeTOML" [schema]="BridgeSchema"
  [acl]="BridgeACL BridgeCall BridgeDevice" [matching]="BridgeMatching" [predicate]="BridgePredicate"
  [http]="BridgeHTTPServer" [arguments]="BridgeBinding BridgeDevice" [url]="BridgeMatching"
)
# Matching is value × pattern steps: past 4 KiB an input costs seconds under ASan without being
# a finding, and the run would spend its budget on a few inputs.
declare -A MAX_LEN=([matching]=4096)
declare -A SOURCE=(
  [json]=JSONFuzz [framing]=FramingFuzz [toml]=TOMLFuzz [schema]=SchemaFuzz [acl]=ACLFuzz [matching]=MatchingFuzz
  [predicate]=PredicateFuzz [http]=HTTPFuzz [arguments]=ArgumentsFuzz [url]=URLFuzz
)

mkdir -p "$OUT/modules" "$OUT/bin" "$OUT/findings" "$OUT/corpus" "$OUT/seeds"
FLAGS=(-parse-as-library -swift-version 6 -O -g -sanitize=fuzzer,address -I "$OUT/modules")

# Module name, source folder and dependencies of every library target, in dependency order.
swift package dump-package > "$OUT/package.json"
python3 - "$OUT/package.json" > "$OUT/modules.txt" <<'PY'
import json, sys
targets = {t["name"]: t for t in json.load(open(sys.argv[1]))["targets"] if t["type"] == "regular"}
order, seen = [], set()
def visit(name):
    if name in seen or name not in targets: return
    seen.add(name)
    deps = [d.get("byName", d.get("target", [None]))[0] for d in targets[name]["dependencies"]]
    for d in deps: visit(d)
    order.append((name, targets[name]["path"], deps))
for name in sorted(targets): visit(name)
for name, path, deps in order: print(name, path, " ".join(d for d in deps if d in targets))
PY

declare -A PATH_OF DEPS_OF
while read -r name path deps; do PATH_OF[$name]=$path; DEPS_OF[$name]=$deps; done < "$OUT/modules.txt"

declare -A BUILT
build_module() {
  local name=$1
  [ -n "${BUILT[$name]:-}" ] && return
  for dep in ${DEPS_OF[$name]}; do build_module "$dep"; done
  local files
  files=$(find "${PATH_OF[$name]}" -name '*.swift' | sort)
  if [ -z "$files" ]; then
    # A C module (BridgeNFKC): its object, its module map on every later compile's include path,
    # and the libraries its target links (the ICU swift-foundation ships).
    if [ ! -f "$OUT/modules/$name.o" ] || [ -n "$(find "${PATH_OF[$name]}" -newer "$OUT/modules/$name.o")" ]; then
      echo "fuzz: building $name (C)" >&2
      clang -O1 -g -fsanitize=fuzzer-no-link,address -I "${PATH_OF[$name]}/include" -c "${PATH_OF[$name]}"/*.c -o "$OUT/modules/$name.o"
    fi
    FLAGS+=(-I "${PATH_OF[$name]}/include")
    LINK+=(-l_FoundationICU -lstdc++)
    BUILT[$name]=1
    CLOSURE+=("$OUT/modules/$name.o")
    return
  fi
  # Rebuild only when a source is newer than the object.
  if [ ! -f "$OUT/modules/$name.o" ] || [ -n "$(find "${PATH_OF[$name]}" -name '*.swift' -newer "$OUT/modules/$name.o")" ]; then
    echo "fuzz: building $name" >&2
    # shellcheck disable=SC2086
    swiftc "${FLAGS[@]}" -wmo -module-name "$name" -emit-module -emit-module-path "$OUT/modules/$name.swiftmodule" \
      -c $files -o "$OUT/modules/$name.o" 2> >(grep -v 'warning:' >&2)
  fi
  BUILT[$name]=1
  CLOSURE+=("$OUT/modules/$name.o")
}

for t in "${TARGETS[@]}"; do
  [ -n "${SOURCE[$t]:-}" ] || { echo "fuzz: unknown target '$t' (targets: ${ALL_TARGETS[*]})" >&2; exit 2; }
  CLOSURE=()
  LINK=()
  BUILT=()
  for m in ${NEEDS[$t]}; do build_module "$m"; done
  if [ ! -x "$OUT/bin/fuzz-$t" ] || [ -n "$(find Fuzz/Targets "${CLOSURE[@]}" -newer "$OUT/bin/fuzz-$t" 2>/dev/null)" ]; then
    echo "fuzz: linking fuzz-$t" >&2
    swiftc "${FLAGS[@]}" Fuzz/Targets/Input.swift "Fuzz/Targets/${SOURCE[$t]}.swift" "${CLOSURE[@]}" ${LINK[@]+"${LINK[@]}"} \
      -o "$OUT/bin/fuzz-$t" 2>&1 | { grep -v -e 'warning:' -e '^$' || true; } >&2
  fi
done
[ $BUILD_ONLY = 1 ] && exit 0

# Seed corpora, rebuilt each run from the suites and the project's files.
if [ ! -d "$SHARED" ]; then
  if [ "${CI:-}" = "true" ]; then echo "fuzz: $SHARED is missing under CI=true" >&2; exit 1; fi
  echo "fuzz: $SHARED is missing: seeding from the project's own files only" >&2
fi
rm -rf "$OUT/seeds" && mkdir -p "$OUT/seeds"
python3 Fuzz/seeds.py "$ROOT" "$SHARED" "$OUT/seeds"

# The Swift runtime's crash backtracer reads memory ASan reports as a second crash (and can hang
# under it): let libFuzzer and ASan report instead.
export SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS="suppressions=$ROOT/Fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
status=0
printf '%-9s %12s %10s %8s  %s\n' target executions "exec/s" corpus outcome > "$OUT/summary.txt"
for t in "${TARGETS[@]}"; do
  mkdir -p "$OUT/corpus/$t"
  log=$OUT/fuzz-$t.log
  set +e
  "$OUT/bin/fuzz-$t" -max_total_time="$SECONDS_EACH" ${FUZZ_SEED:+-seed="$FUZZ_SEED"} -timeout=10 -rss_limit_mb=2048 -max_len="${MAX_LEN[$t]:-65536}" \
    -print_final_stats=1 -artifact_prefix="$OUT/findings/$t-" \
    "$OUT/corpus/$t" "$OUT/seeds/$t" "Fuzz/regressions/$t" > "$log" 2>&1
  rc=$?
  set -e
  execs=$(awk '/stat::number_of_executed_units:/ {n = $2} END {print n + 0}' "$log")
  rate=$(awk '/stat::average_exec_per_sec:/ {n = $2} END {print n + 0}' "$log")
  units=$(ls "$OUT/corpus/$t" | wc -l)
  if [ $rc -eq 0 ]; then
    outcome="ok, no finding"
  else
    status=1
    kind=$(grep -o -m1 -E 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer): [a-z-]+' "$log" || echo "exit $rc")
    artifact=$(grep -o -m1 "$OUT/findings/$t-[a-z]*-[0-9a-f]*" "$log" || echo "?")
    outcome="FAILED: $kind; input saved as $artifact"
    echo "---- fuzz-$t (last lines of $log) ----" >&2
    tail -40 "$log" >&2
  fi
  printf '%-9s %12s %10s %8s  %s\n' "$t" "$execs" "$rate" "$units" "$outcome" >> "$OUT/summary.txt"
done
cat "$OUT/summary.txt"
exit $status
