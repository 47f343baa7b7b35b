import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { executePrepared } from '#server/db/prepared.ts';

/**
 * One search word as the database matches it (migration 0013): the tsquery that any of its
 * written forms satisfies, and those forms (lexemes), which space_search_terms counts (0015).
 */
export interface WordForms {
  /** tsquery text, e.g. `'قاع' | 'قاعه'`; empty when the word has no form (a stop word). */
  query: string;
  forms: string[];
}

/** Words remembered per database; past this the oldest is forgotten first. */
export const MAX_REMEMBERED_WORDS = 5000;
const remembered = new WeakMap<Db, Map<string, WordForms>>();

/**
 * The forms of each word, in the words' order. `hs_word_query` is immutable (normalising,
 * stemming, the article and clitics: four regular expressions and three dictionaries per word),
 * so a word's forms are computed once per process (decision 044) rather than in every search;
 * a migration that changes them restarts the server.
 */
export async function wordForms(db: Db, words: string[]): Promise<WordForms[]> {
  let known = remembered.get(db);
  if (!known) {
    known = new Map();
    remembered.set(db, known);
  }
  const answer = new Map<string, WordForms>();
  for (const word of words) {
    const forms = known.get(word);
    if (forms) answer.set(word, forms);
  }
  const missing = [...new Set(words.filter((word) => !answer.has(word)))];
  if (missing.length > 0) {
    const result = await executePrepared<{
      word: string;
      query: string;
      forms: string[] | string;
    }>(
      db,
      sql`select w as word, hs_word_query(w)::text as query, to_json(hs_word_forms(w)) as forms
        from json_array_elements_text(${JSON.stringify(missing)}::json) w`,
    );
    for (const row of result.rows) {
      const forms = typeof row.forms === 'string' ? (JSON.parse(row.forms) as string[]) : row.forms;
      answer.set(row.word, { query: row.query, forms });
      known.set(row.word, { query: row.query, forms });
      if (known.size > MAX_REMEMBERED_WORDS) known.delete(known.keys().next().value!);
    }
  }
  return words.map((word) => answer.get(word)!);
}
