//! The integration tests, one binary: each topic is a module (as in ripgrep), so the crate is
//! linked once instead of once per file. `cargo test --test integration TOPIC::` runs one topic.

mod architecture;
mod cli_solve;
mod cli_xc;
mod counting;
mod data_tests;
mod examples;
mod external;
mod front_door;
mod generate;
mod grids;
mod harden;
mod harness;
mod honeycomb;
mod import_graph;
mod interrupts;
mod logic_cli;
mod logic_rating;
mod logic_techniques;
mod logic_wings;
mod never_silent;
mod puzzle_input;
mod report_check;
mod report_pipeline;
mod report_scaling;
mod report_stats;
mod safety;
mod solvers_agree;
mod study_files;
mod support;
mod variants;
mod xc_dc;
mod xc_engine;
mod xc_format;
mod xc_known_counts;
mod xc_memo;
