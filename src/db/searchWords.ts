/**
 * Search words of a post: lower-cased, accents stripped, unique, capped, so a Dexie
 * `*_words` multi-entry index answers prefix searches ("educ" finds "Educación").
 */
const maxWords = 300;
const maxWordLength = 40;

/** Lower case without accents: the form both the index and the search box use. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

export function searchWords(...texts: string[]): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    // Tags become spaces so words on either side of `<br>` stay apart.
    const plain = foldText(text.replace(/<[^>]*>/g, ' ').replace(/&[a-z]+;|&#\d+;/gi, ' '));
    for (const word of plain.split(/[^\p{L}\p{N}]+/u)) {
      if (word.length < 2) continue;
      words.add(word.slice(0, maxWordLength));
      if (words.size >= maxWords) return [...words];
    }
  }
  return [...words];
}
