#!/usr/bin/env bash
# A single-node Slurm cluster on demand, for trying and testing the job-array scripts here.
#
#   scripts/slurm/test-cluster.sh up       # install (if missing), configure, start, wait until idle
#   scripts/slurm/test-cluster.sh status   # the daemons this script started, and sinfo
#   scripts/slurm/test-cluster.sh down     # stop exactly those daemons and remove the state
#
# `up` installs Debian's slurm-wlm and munge with apt-get when they are missing (this needs root),
# writes a minimal slurm.conf for this host (its real CPU count and memory, one partition `debug`)
# into the state directory, and starts munged, slurmctld and slurmd directly — no systemd — with
# their pid files, logs, sockets and spool in that directory. Nothing under /etc is changed.
# Commands (sbatch, squeue, sinfo, scancel) find the cluster through SLURM_CONF: run
#   export SLURM_CONF=$DLXLAB_SLURM_DIR/slurm.conf      (printed by `up`)
# `down` cancels the cluster's jobs, stops the daemons named by its pid files, kills what is left
# of job steps running in its state directory (and nothing else), and removes the directory.
# Running `up` twice is harmless (it says the cluster is already up); so is `down` twice.
#
# Environment: DLXLAB_SLURM_DIR (state directory; default /tmp/dlxlab-slurm), DLXLAB_SLURM_WAIT
# (seconds to wait for the node to become idle; default 90), DLXLAB_SLURM_PORT (slurmctld's port;
# slurmd takes the next one; default 6817).
set -euo pipefail

state=$(realpath -m "${DLXLAB_SLURM_DIR:-/tmp/dlxlab-slurm}")
wait_s=${DLXLAB_SLURM_WAIT:-90}
conf=$state/slurm.conf
daemons=(munged slurmctld slurmd)

die() {
    echo "test-cluster.sh: $*" >&2
    exit 1
}

# The pid recorded for a daemon, if that process still runs.
running_pid() {
    local f=$state/$1.pid pid
    [[ -f $f ]] || return 1
    pid=$(cat "$f" 2>/dev/null) || return 1
    [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

install_missing() {
    local missing=()
    for cmd in munged slurmctld slurmd sbatch sinfo; do
        command -v "$cmd" >/dev/null 2>&1 || missing+=("$cmd")
    done
    [[ ${#missing[@]} -eq 0 ]] && return 0
    if [[ $(id -u) -ne 0 ]]; then
        die "missing ${missing[*]}; installing slurm-wlm and munge needs root (sudo $0 up), or install them yourself"
    fi
    command -v apt-get >/dev/null 2>&1 || die "missing ${missing[*]} and no apt-get to install slurm-wlm and munge"
    echo "test-cluster.sh: installing slurm-wlm and munge (apt-get)" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q slurm-wlm munge >"$state/apt.log" 2>&1 ||
        { apt-get update -q >>"$state/apt.log" 2>&1 && apt-get install -y -q slurm-wlm munge >>"$state/apt.log" 2>&1; } ||
        { tail -n 3 "$state/apt.log" | sed 's/^/  apt-get: /' >&2; die "apt-get install slurm-wlm munge failed; see $state/apt.log"; }
}

write_config() {
    local host cpus mem_mb
    host=$(hostname -s)
    cpus=$(nproc)
    mem_mb=$(awk '/^MemTotal:/ { printf "%d", $2 / 1024 * 0.9 }' /proc/meminfo)
    mkdir -p "$state/ctld" "$state/spool" "$state/munge"
    cat >"$conf" <<EOF
# Written by scripts/slurm/test-cluster.sh for a one-node test cluster on $host.
ClusterName=dlxlab-test
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$state/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/spool
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
SlurmctldPort=${DLXLAB_SLURM_PORT:-6817}
SlurmdPort=$(( ${DLXLAB_SLURM_PORT:-6817} + 1 ))
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
SlurmdTimeout=60
InactiveLimit=0
KillWait=5
MinJobAge=600
NodeName=$host CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
}

start_munge() {
    local key=$state/munge/munge.key
    [[ -f $key ]] || { head -c 1024 /dev/urandom >"$key"; chmod 0400 "$key"; }
    chmod 0700 "$state/munge"
    munged --key-file="$key" --socket="$state/munge/munge.socket" \
        --pid-file="$state/munged.pid" --log-file="$state/munge/munged.log" \
        --seed-file="$state/munge/munged.seed" --force ||
        die "munged did not start; see $state/munge/munged.log"
}

up() {
    if running_pid slurmctld >/dev/null && running_pid slurmd >/dev/null; then
        echo "test-cluster.sh: already up ($state)"
        echo "export SLURM_CONF=$conf"
        return 0
    fi
    [[ $(id -u) -eq 0 ]] || die "must run as root: it installs slurm-wlm and munge when missing and runs munged, slurmctld and slurmd as root (try: sudo $0 up)"
    mkdir -p "$state"
    install_missing
    # A controller or node daemon that is not running starts from empty state: jobs of an earlier
    # cluster in this directory (a machine that went down without `down`) are not resumed.
    running_pid slurmctld >/dev/null || rm -rf "$state/ctld"
    running_pid slurmd >/dev/null || rm -rf "$state/spool"
    write_config
    export SLURM_CONF=$conf
    running_pid munged >/dev/null || start_munge
    running_pid slurmctld >/dev/null || slurmctld -f "$conf" ||
        die "slurmctld did not start; see $state/slurmctld.log"
    running_pid slurmd >/dev/null || slurmd -f "$conf" ||
        die "slurmd did not start; see $state/slurmd.log"
    local t=0
    until sinfo -h -o '%t' 2>/dev/null | grep -qx 'idle'; do
        if (( t >= wait_s )); then
            sinfo 2>&1 | sed 's/^/  /' >&2 || true
            tail -n 5 "$state/slurmctld.log" "$state/slurmd.log" >&2 2>/dev/null || true
            die "the node did not become idle within ${wait_s}s (logs in $state; $0 down stops what started)"
        fi
        sleep 1
        t=$((t + 1))
    done
    echo "test-cluster.sh: up: $(sinfo -h -o '%P %D node, %c CPUs, %m MB, %t') ($state)"
    echo "export SLURM_CONF=$conf"
}

# The slurmstepd processes of this cluster (their working directory is the state directory) and
# every process below them: a cancelled or still running task's shell and its children.
step_tree() {
    local p roots=() all
    for p in $(pgrep -x slurmstepd 2>/dev/null); do
        [[ $(readlink "/proc/$p/cwd" 2>/dev/null) == "$state" ]] && roots+=("$p")
    done
    [[ ${#roots[@]} -eq 0 ]] && return 0
    all=$(ps -eo pid=,ppid=)
    local frontier=("${roots[@]}") next
    while [[ ${#frontier[@]} -gt 0 ]]; do
        printf '%s\n' "${frontier[@]}"
        next=()
        for p in "${frontier[@]}"; do
            next+=($(awk -v p="$p" '$2 == p { print $1 }' <<<"$all"))
        done
        frontier=("${next[@]}")
    done
}

down() {
    local any=0 pid
    # Cancel what is still queued or running while the controller can do it cleanly.
    if running_pid slurmctld >/dev/null && [[ -f $conf ]]; then
        local jobs
        jobs=$(SLURM_CONF=$conf squeue -h -o '%A' 2>/dev/null | sort -u | tr '\n' ' ')
        if [[ -n ${jobs// /} ]]; then
            # shellcheck disable=SC2086
            SLURM_CONF=$conf scancel $jobs 2>/dev/null || true
            for _ in $(seq 1 50); do
                [[ -z $(SLURM_CONF=$conf squeue -h 2>/dev/null) ]] && break
                sleep 0.2
            done
        fi
    fi
    # Reverse order: slurmd, slurmctld, then munged, which they need to the end.
    for ((i = ${#daemons[@]} - 1; i >= 0; i--)); do
        local d=${daemons[i]}
        if pid=$(running_pid "$d"); then
            any=1
            kill "$pid" 2>/dev/null || true
            for _ in $(seq 1 50); do
                kill -0 "$pid" 2>/dev/null || break
                sleep 0.1
            done
            kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null || true
        fi
    done
    # Job steps left behind by slurmd (a task's shell that outlived it) belong to the cluster too:
    # only those whose slurmstepd runs in this state directory.
    local left
    left=$(step_tree)
    if [[ -n $left ]]; then
        # shellcheck disable=SC2086
        kill -9 $left 2>/dev/null || true
    fi
    rm -rf "$state"
    if [[ $any -eq 1 ]]; then echo "test-cluster.sh: down"; else echo "test-cluster.sh: was not up"; fi
}

status() {
    local up=1 pid
    for d in "${daemons[@]}"; do
        if pid=$(running_pid "$d"); then echo "$d: running (pid $pid)"; else echo "$d: not running"; up=0; fi
    done
    if [[ $up -eq 1 ]]; then
        SLURM_CONF=$conf sinfo
        echo "export SLURM_CONF=$conf"
    else
        return 1
    fi
}

case ${1:-} in
up) up ;;
down) down ;;
status) status ;;
*)
    echo "usage: $0 up|down|status" >&2
    exit 2
    ;;
esac
