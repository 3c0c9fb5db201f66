//! The solver badge of a tab: the exact solver is asked about the position shown, on a
//! blocking thread, and its proof reaches the page unless the tab has moved on. The
//! solver and its tables are made at the first question and dropped when the tab
//! closes or stops showing the engine's help.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use tokio::sync::mpsc::UnboundedSender;

use super::Tab;
use crate::messages::{Event, SolvedView};
use crate::prove::Prover;

/// The solver badge's state: the prover (while the badge is wanted), the position asked
/// about and the try's number.
pub struct Proofs {
    prover: Option<Arc<Mutex<Prover>>>,
    /// The server's count of provers holding tables.
    holding: Arc<AtomicUsize>,
    /// Stops the prover's proof under way (it clears the flag as it starts the next).
    cancel: Arc<AtomicBool>,
    generation: Arc<AtomicU64>,
    asked: Option<(String, usize)>,
    results: UnboundedSender<(u64, Option<SolvedView>)>,
}

impl Proofs {
    pub fn new(
        results: UnboundedSender<(u64, Option<SolvedView>)>,
        holding: Arc<AtomicUsize>,
    ) -> Proofs {
        Proofs {
            prover: None,
            holding,
            cancel: Arc::new(AtomicBool::new(false)),
            generation: Arc::default(),
            asked: None,
            results,
        }
    }

    /// Drops the try under way (its proof will not be shown) and the prover with its
    /// tables (a proof under way lets go of them as it stops).
    pub fn release(&mut self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
        self.cancel.store(true, Ordering::SeqCst);
        self.asked = None;
        self.prover = None;
    }
}

impl Tab {
    /// Asks the solver about the position shown, unless it already did.
    pub(super) fn ask_prover(&mut self) {
        let position = self.game.position();
        let ply = self.game.cursor();
        let key = (position.to_fen(), ply);
        let proofs = &mut self.proofs;
        if proofs.asked.as_ref() == Some(&key) {
            return;
        }
        proofs.asked = Some(key);
        let generation = proofs.generation.fetch_add(1, Ordering::SeqCst) + 1;
        proofs.cancel.store(true, Ordering::SeqCst);
        let (cancel, holding) = (&proofs.cancel, &proofs.holding);
        let prover = proofs.prover.get_or_insert_with(|| {
            Arc::new(Mutex::new(Prover::new(cancel.clone(), holding.clone())))
        });
        let (prover, current, results) = (
            prover.clone(),
            proofs.generation.clone(),
            proofs.results.clone(),
        );
        tokio::task::spawn_blocking(move || {
            let stale = || current.load(Ordering::SeqCst) != generation;
            if stale() {
                return;
            }
            let mut prover = prover.lock().unwrap_or_else(|e| e.into_inner());
            let proof = prover.prove(&position, ply, &stale);
            let _ = results.send((generation, proof));
        });
    }

    pub(super) fn on_proof(&mut self, generation: u64, proof: Option<SolvedView>) {
        if generation == self.proofs.generation.load(Ordering::SeqCst) && self.help_shown() {
            if let Some(proof) = proof {
                self.outbox.push(Event::Solved(proof));
            }
        }
    }
}
