//! A short list of values by key, each made on first use: the per-size caches that
//! engines keep on a thread (a few box sides at most, so a linear scan beats hashing).

/// The value for `key` in `list`, made by `make` and appended the first time.
pub fn get_or_make<K: PartialEq, T>(
    list: &mut Vec<(K, T)>,
    key: K,
    make: impl FnOnce() -> T,
) -> &mut T {
    let at = match list.iter().position(|(k, _)| *k == key) {
        Some(at) => at,
        None => {
            list.push((key, make()));
            list.len() - 1
        }
    };
    &mut list[at].1
}

#[cfg(test)]
mod tests {
    use super::get_or_make;

    #[test]
    fn made_once_per_key() {
        let mut list = Vec::new();
        let mut made = 0;
        for key in [3, 4, 3, 3, 4, 5] {
            *get_or_make(&mut list, key, || {
                made += 1;
                0
            }) += 1;
        }
        assert_eq!(made, 3);
        assert_eq!(list, vec![(3, 3), (4, 2), (5, 1)]);
    }
}
