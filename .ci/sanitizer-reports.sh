# Sourced by .ci/run and .ci/address-checks: how a command runs under a sanitizer.
#
# Runs the command after $1 and fails when it fails or any sanitizer report exists in
# folder $1. The command sets the sanitizer's log_path into that folder, so every report,
# the test process's own and those of each racelab it starts, lands in a file whatever
# the tests do with a child's output.
with_sanitizer_reports() {
  local reports="$1"
  shift
  rm -rf "$reports"
  mkdir -p "$reports"
  local status=0
  "$@" || status=$?
  if compgen -G "$reports/*" >/dev/null; then
    for report in "$reports"/*; do
      echo "--- $report"
      cat "$report"
    done
    echo "${0##*/}: the sanitizer reported problems (above)" >&2
    exit 1
  fi
  if ((status != 0)); then
    echo "${0##*/}: exit status $status under the sanitizer" >&2
    exit "$status"
  fi
}
