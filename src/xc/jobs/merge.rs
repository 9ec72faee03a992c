//! Merging the slice results of a job directory into the total ([`merge`]), refusing a job that
//! is missing, counted twice or counted against another problem.

use super::*;

/// The merged count of a job directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Merged {
    /// Totals over the whole tree, equal to the serial count.
    pub total: Counts,
    /// Number of jobs.
    pub jobs: u64,
    /// Result files read.
    pub files: usize,
}

/// Reads every result of a job directory, checks that each job was reported exactly once by a
/// result of this split, and sums.
pub fn merge(dir: &Path) -> Result<Merged, JobsError> {
    let (manifest, manifest_sha256) = read_manifest(dir)?;
    let results = dir.join(RESULTS_DIR);
    let mut files: Vec<PathBuf> = match fs::read_dir(&results) {
        Ok(rd) => rd
            .map(|e| e.map(|e| e.path()).map_err(io_err(&results)))
            .collect::<Result<_, _>>()?,
        Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(io_err(&results)(e)),
    };
    // Temporary files of writers still running (or killed) are not results.
    files.retain(|p| {
        p.extension().is_some_and(|e| e == "json")
            && !p
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
    });
    files.sort();
    let mut seen: BTreeMap<u64, PathBuf> = BTreeMap::new();
    let mut total = SearchStats::from(&manifest.above);
    // The slices read, to name the ones without a result when all share one N.
    let mut slices: Vec<Option<Slice>> = Vec::with_capacity(files.len());
    for path in &files {
        let r = read_slice_result(path)?;
        slices.push(Slice::parse(&r.slice).ok());
        if r.manifest_sha256 != manifest_sha256 {
            return Err(JobsError::WrongManifest {
                path: path.clone(),
                expected: manifest_sha256,
                found: r.manifest_sha256,
            });
        }
        for job in &r.jobs {
            if job.id >= manifest.jobs {
                return Err(JobsError::UnknownJob {
                    path: path.clone(),
                    job: job.id,
                    jobs: manifest.jobs,
                });
            }
            if let Some(first) = seen.insert(job.id, path.clone()) {
                return Err(JobsError::Duplicate {
                    job: job.id,
                    first,
                    second: path.clone(),
                });
            }
            crate::xc::split::add_shifted(
                &mut total,
                &SearchStats::from(&job.counts),
                manifest.depth,
            );
        }
    }
    if seen.len() as u64 != manifest.jobs {
        let missing: Vec<u64> = (0..manifest.jobs)
            .filter(|id| !seen.contains_key(id))
            .take(10)
            .collect();
        return Err(JobsError::Missing {
            missing,
            count: manifest.jobs - seen.len() as u64,
            jobs: manifest.jobs,
            slices: absent_slices(&slices, manifest.jobs, &seen),
        });
    }
    Ok(Merged {
        total: Counts::from(&total),
        jobs: manifest.jobs,
        files: files.len(),
    })
}

/// When every result read is a slice of the same `N`, and the jobs without a result are exactly
/// those of the slices without a file, those slices (`K`, and `N`): the array tasks to rerun.
/// `None` when the results mix slice counts or the gaps are not whole slices.
fn absent_slices(
    read: &[Option<Slice>],
    jobs: u64,
    seen: &BTreeMap<u64, PathBuf>,
) -> Option<(Vec<u64>, u64)> {
    let n = read.first().copied().flatten()?.n;
    if read.iter().any(|s| s.is_none_or(|s| s.n != n)) {
        return None;
    }
    let absent: Vec<u64> = (1..=n)
        .filter(|&k| !read.iter().flatten().any(|s| s.k == k))
        .collect();
    let whole_slices = (0..jobs).all(|id| seen.contains_key(&id) != absent.contains(&(id % n + 1)));
    whole_slices.then_some((absent, n))
}
