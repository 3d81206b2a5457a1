// What the screens before sign-in say (sign-in, forgotten password, the e-mailed password link, not found, the
// app's banners and notices): the part of English that travels with the first page the browser loads.
import core from './core.json';
import password from './password.json';

export const guestEn = { ...core, ...password };
