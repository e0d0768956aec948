#!/bin/bash
# sample process tree RSS of a command
"$@" > /tmp/sampled.log 2>&1 &
root=$!
best=0
while kill -0 $root 2>/dev/null; do
  pids=$(pstree -p -T $root 2>/dev/null | grep -o '([0-9]*)' | tr -d '()')
  total=0; line=""
  for p in $pids; do r=$(awk '/VmRSS/{print $2}' /proc/$p/status 2>/dev/null); [ -n "$r" ] || continue; total=$((total+r)); c=$(tr '\0' ' ' < /proc/$p/cmdline 2>/dev/null | cut -c1-70); line="$line\n  $((r/1024))M $c"; done
  if [ $total -gt $best ]; then best=$total; echo -e "peak $((total/1024))M:$line" > /tmp/peak.txt; fi
  sleep 0.1
done
cat /tmp/peak.txt
