//! Pixels drawn once and kept by a [`Renderer`] the caller owns: the
//! twelve pieces at each scale, and the empty board of each look.

use std::sync::{Arc, Mutex, PoisonError};

use resvg::{tiny_skia, usvg};
use shakmaty::Piece;

use super::{PieceSet, RenderError, pieces};

/// The pieces drawn at one scale, each on its own transparent square, in
/// the order of `pieces::ALL`.
pub(super) struct Sprites {
    images: Vec<tiny_skia::Pixmap>,
}

impl Sprites {
    pub fn get(&self, piece: Piece) -> &tiny_skia::Pixmap {
        &self.images[pieces::index(piece)]
    }
}

/// Bytes of pixels each cache of a [`Renderer::new`] holds: a 2048-pixel
/// board weighs 17 MB.
const BUDGET: usize = 48 << 20;
/// Entries each cache may hold, so that a lookup stays a short scan
/// however many small images are asked for.
const MOST: usize = 64;

/// Draws PNG diagrams, keeping the pixels it drew for the next ones: the
/// twelve pieces of each set at each scale, and the empty board of each look. A run of
/// diagrams shows the same few drawings again and again, and rasterizing
/// them was most of the cost of an image.
///
/// The caller owns the caches: a command keeps one renderer for its run, a
/// server one for its life. It is `Sync`, so threads can share one.
///
/// ```
/// use fenkit_diagrams::{Diagram, Renderer};
///
/// let renderer = Renderer::with_budget(8 << 20);
/// let diagram = Diagram::default().with_size(64);
/// let first = renderer.png(&shakmaty::Setup::initial(), &diagram)?;
/// let again = renderer.png(&shakmaty::Setup::initial(), &diagram)?; // from kept pixels
/// assert_eq!(first, again);
/// # Ok::<_, fenkit_diagrams::RenderError>(())
/// ```
pub struct Renderer {
    sprites: Mutex<Recent<(String, u32), Sprites>>,
    boards: Mutex<Recent<String, tiny_skia::Pixmap>>,
}

impl Default for Renderer {
    fn default() -> Renderer {
        Renderer::new()
    }
}

impl Renderer {
    /// A renderer whose two caches hold up to 48 MB of pixels each.
    pub fn new() -> Renderer {
        Renderer::with_budget(BUDGET)
    }

    /// A renderer whose two caches hold up to `bytes` of pixels each; 0
    /// keeps nothing.
    pub fn with_budget(bytes: usize) -> Renderer {
        Renderer {
            sprites: Mutex::new(Recent::new(bytes)),
            boards: Mutex::new(Recent::new(bytes)),
        }
    }

    /// Forgets every kept drawing.
    pub fn clear(&self) {
        lock(&self.sprites).entries.clear();
        lock(&self.boards).entries.clear();
    }

    /// The pieces of `set` drawn at `scale` pixels per user unit, kept
    /// under the set's name: one name is one set for a renderer's life.
    pub(super) fn sprites(&self, set: &PieceSet, scale: f32) -> Result<Arc<Sprites>, RenderError> {
        let key = (set.name().to_owned(), scale.to_bits());
        if let Some(sprites) = lock(&self.sprites).get(&key) {
            return Ok(sprites);
        }
        // Drawn outside the lock: two threads may both draw a new scale,
        // but none waits for another's drawing.
        let sprites = Arc::new(draw_sprites(set, scale)?);
        let weight = sprites.images.iter().map(|image| image.data().len()).sum();
        lock(&self.sprites).put(key, Arc::clone(&sprites), weight);
        Ok(sprites)
    }

    /// The SVG document `svg` drawn as an image of its own size.
    pub(super) fn board(&self, svg: &str) -> Result<Arc<tiny_skia::Pixmap>, RenderError> {
        if let Some(board) = lock(&self.boards).get(svg) {
            return Ok(board);
        }
        let tree = parse(svg)?;
        let size = tree.size().to_int_size();
        let mut board = tiny_skia::Pixmap::new(size.width(), size.height())
            .ok_or_else(|| RenderError::Draw("no room for the image".into()))?;
        resvg::render(&tree, tiny_skia::Transform::identity(), &mut board.as_mut());
        let board = Arc::new(board);
        lock(&self.boards).put(svg.to_owned(), Arc::clone(&board), board.data().len());
        Ok(board)
    }
}

pub(super) fn parse(svg: &str) -> Result<usvg::Tree, RenderError> {
    usvg::Tree::from_str(svg, &usvg::Options::default())
        .map_err(|err| RenderError::Draw(err.to_string()))
}

fn draw_sprites(set: &PieceSet, scale: f32) -> Result<Sprites, RenderError> {
    // One pixel more than the square, for the antialiased edge of a piece
    // that reaches it.
    let side = (45.0 * scale).ceil() as u32 + 1;
    let images = pieces::ALL
        .iter()
        .map(|&piece| {
            let tree = parse(set.piece_svg(piece))?;
            let mut image = tiny_skia::Pixmap::new(side, side)
                .ok_or_else(|| RenderError::Draw("no room for a piece".into()))?;
            resvg::render(
                &tree,
                tiny_skia::Transform::from_scale(scale, scale),
                &mut image.as_mut(),
            );
            Ok(image)
        })
        .collect::<Result<_, RenderError>>()?;
    Ok(Sprites { images })
}

/// A poisoned cache is still a good cache: its entries are whole images.
fn lock<T>(cache: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    cache.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The most recently used entries, within `budget` bytes and [`MOST`]
/// entries; first is newest.
struct Recent<K, V> {
    entries: Vec<(K, Arc<V>, usize)>,
    budget: usize,
}

impl<K: PartialEq, V> Recent<K, V> {
    const fn new(budget: usize) -> Self {
        Recent {
            entries: Vec::new(),
            budget,
        }
    }

    fn get<Q>(&mut self, key: &Q) -> Option<Arc<V>>
    where
        K: std::borrow::Borrow<Q>,
        Q: PartialEq + ?Sized,
    {
        let at = self
            .entries
            .iter()
            .position(|entry| entry.0.borrow() == key)?;
        let entry = self.entries.remove(at);
        let value = Arc::clone(&entry.1);
        self.entries.insert(0, entry);
        Some(value)
    }

    fn put(&mut self, key: K, value: Arc<V>, weight: usize) {
        if weight > self.budget {
            return;
        }
        self.entries.retain(|entry| entry.0 != key);
        self.entries.insert(0, (key, value, weight));
        self.entries.truncate(MOST);
        let mut total = 0;
        self.entries.retain(|entry| {
            total += entry.2;
            total <= self.budget
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recent_keeps_the_newest_within_budget_and_count() {
        let mut recent: Recent<u32, u32> = Recent::new(BUDGET);
        for key in 0..100 {
            recent.put(key, Arc::new(key), 1);
        }
        assert_eq!(recent.entries.len(), MOST);
        assert!(recent.get(&(100 - MOST as u32 - 1)).is_none());
        // A hit moves to the front, so it outlives newer entries.
        assert_eq!(recent.get(&40).as_deref(), Some(&40));
        recent.put(1000, Arc::new(1000), BUDGET / 2);
        recent.put(1001, Arc::new(1001), BUDGET / 2);
        assert_eq!(recent.get(&40).as_deref(), None, "past the budget");
        assert!(recent.get(&1000).is_some() && recent.get(&1001).is_some());
        recent.put(2000, Arc::new(2000), BUDGET + 1);
        assert!(recent.get(&2000).is_none(), "larger than the budget");
    }
}
