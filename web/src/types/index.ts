export type Locale = 'id' | 'en';
export type Theme = 'dark' | 'light';
