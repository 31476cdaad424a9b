//! The processes a worker's tools left behind, found through `/proc`, and
//! their removal.
//!
//! A tool's subprocess runs in a process group the runtime kills when the
//! call lets go of it, but a process that calls `setsid` (or whose parent
//! exits) leaves that group. A cgroup would hold them all, and is not
//! available to an unprivileged daemon; Landlock domains cannot be listed.
//! What does hold is ancestry: a worker is a child subreaper
//! (`PR_SET_CHILD_SUBREAPER`), so every process its tools start, however
//! it detaches, stays its descendant, reparented to the worker when its own
//! parent exits. From `/proc/<pid>/stat` (pid, parent, group, session):
//!
//! - [`orphans`]: the worker's children the runtime did not start (those
//!   are group leaders in the worker's session): reparented or `setsid`.
//! - [`descendants`]: every process below a pid, for the daemon to kill a
//!   worker's whole tree before the worker itself.
//!
//! Both read [`subtree`], which follows `/proc/<pid>/task/*/children`.
//!
//! Parsed by hand: four fields of one line need no crate.

use std::collections::HashMap;

/// What `/proc/<pid>/stat` says of one process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stat {
    pub pid: i32,
    pub parent: i32,
    pub group: i32,
    pub session: i32,
}

/// Parses a `/proc/<pid>/stat` line: the command name, in parentheses, may
/// hold spaces and parentheses, so the fields are read after the last `)`.
pub fn parse_stat(line: &str) -> Option<Stat> {
    let (head, rest) = line.rsplit_once(')')?;
    let pid = head.split_once(" (")?.0.trim().parse().ok()?;
    let mut fields = rest.split_ascii_whitespace();
    let _state = fields.next()?;
    let mut next = || fields.next()?.parse().ok();
    Some(Stat {
        pid,
        parent: next()?,
        group: next()?,
        session: next()?,
    })
}

/// Every process below `root` (not `root` itself), parents before children.
pub fn descendants(table: &HashMap<i32, Stat>, root: i32) -> Vec<i32> {
    let mut children: HashMap<i32, Vec<i32>> = HashMap::new();
    for stat in table.values() {
        children.entry(stat.parent).or_default().push(stat.pid);
    }
    let mut found = Vec::new();
    let mut stack = vec![root];
    while let Some(pid) = stack.pop() {
        for &child in children.get(&pid).into_iter().flatten() {
            found.push(child);
            stack.push(child);
        }
    }
    found
}

/// The children of `worker` the runtime did not start. The runtime starts
/// each subprocess as the leader of its own group in the worker's session;
/// a child that is not (a `setsid` process, or a grandchild reparented to
/// the subreaper worker) was left behind by a tool. A grandchild that made
/// itself a group leader without `setsid` looks like the runtime's own and
/// is not counted.
pub fn orphans(table: &HashMap<i32, Stat>, worker: i32) -> Vec<i32> {
    let Some(me) = table.get(&worker) else {
        return Vec::new();
    };
    table
        .values()
        .filter(|s| s.parent == worker)
        .filter(|s| s.session != me.session || s.group != s.pid)
        .map(|s| s.pid)
        .collect()
}

/// `pid` and the processes below it, read from their `children` lists
/// (cheaper than all of `/proc`, which a busy machine makes long).
pub fn subtree(pid: i32) -> HashMap<i32, Stat> {
    let mut table = HashMap::new();
    let mut stack = vec![pid];
    while let Some(pid) = stack.pop() {
        let Some(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .ok()
            .and_then(|line| parse_stat(&line))
        else {
            continue;
        };
        if table.insert(pid, stat).is_some() {
            continue;
        }
        // One `children` list per thread: a reparented process may be
        // any thread's child.
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
            continue;
        };
        for task in tasks.flatten() {
            if let Ok(list) = std::fs::read_to_string(task.path().join("children")) {
                stack.extend(
                    list.split_ascii_whitespace()
                        .filter_map(|c| c.parse::<i32>().ok()),
                );
            }
        }
    }
    table
}

/// SIGKILLs `pids` (a process gone meanwhile is no error).
pub fn kill(pids: &[i32]) {
    for &pid in pids {
        let _ = nix::sys::signal::kill(
            nix::unistd::Pid::from_raw(pid),
            nix::sys::signal::Signal::SIGKILL,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stat_line_with_a_strange_name_parses() {
        let line = "4242 (a) (b c)) S 17 4242 4240 0 -1 4194560 0 0";
        assert_eq!(
            parse_stat(line),
            Some(Stat {
                pid: 4242,
                parent: 17,
                group: 4242,
                session: 4240
            })
        );
        assert_eq!(parse_stat("garbage"), None);
    }

    fn stat(pid: i32, parent: i32, group: i32, session: i32) -> (i32, Stat) {
        (
            pid,
            Stat {
                pid,
                parent,
                group,
                session,
            },
        )
    }

    #[test]
    fn orphans_are_the_children_the_runtime_did_not_start() {
        let table: HashMap<i32, Stat> = [
            stat(10, 1, 10, 10),  // the worker
            stat(11, 10, 11, 10), // a subprocess the runtime started
            stat(12, 11, 11, 10), // its child: not the worker's
            stat(13, 10, 13, 13), // a `setsid` process, reparented
            stat(14, 10, 11, 10), // a grandchild whose parent exited
            stat(15, 13, 13, 13), // below the setsid one
        ]
        .into_iter()
        .collect();
        let mut orphans = orphans(&table, 10);
        orphans.sort();
        assert_eq!(orphans, vec![13, 14]);
        let mut below = descendants(&table, 10);
        below.sort();
        assert_eq!(below, vec![11, 12, 13, 14, 15]);
    }
}
