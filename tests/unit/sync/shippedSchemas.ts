/**
 * Every schema version as it SHIPPED, cumulative (what an installed app's database has),
 * copied here and never imported: the tests compare the modules' merged history with it
 * and upgrade databases made with it. A new version adds its entry here (the history test
 * fails until it does).
 */
export const shippedSchemas: Readonly<Record<number, Readonly<Record<string, string>>>> = {
  1: {
    posts: 'id, published_at, [category_id+published_at], *_words',
    categories: 'id, slug, position',
    places: 'id',
    courses: 'id, position',
    grades: 'id, course_id, position',
    sections: 'id, grade_id',
    outbox: '++seq, &id, status, entityId',
    meta: 'key',
    viewedPosts: 'post_id',
  },
  2: {
    posts: 'id, published_at, [category_id+published_at]',
    postWords: 'id, *words',
    categories: 'id, slug, position',
    places: 'id',
    courses: 'id, position',
    grades: 'id, course_id, position',
    sections: 'id, grade_id',
    outbox: '++seq, &id, status, entityId',
    meta: 'key',
    viewedPosts: 'post_id',
  },
  3: {
    posts: 'id, published_at, [category_id+published_at]',
    postWords: 'id, *words',
    postStats: 'id',
    categories: 'id, slug, position',
    places: 'id',
    courses: 'id, position',
    grades: 'id, course_id, position',
    sections: 'id, grade_id',
    outbox: '++seq, &id, status, entityId',
    meta: 'key',
    viewedPosts: 'post_id',
  },
  4: {
    posts: 'id, published_at, [category_id+published_at]',
    postWords: 'id',
    postTerms: '[word+group]',
    postStats: 'id',
    categories: 'id, slug, position',
    places: 'id',
    courses: 'id, position',
    grades: 'id, course_id, position',
    sections: 'id, grade_id',
    outbox: '++seq, &id, status, entityId',
    meta: 'key',
    viewedPosts: 'post_id',
  },
};
