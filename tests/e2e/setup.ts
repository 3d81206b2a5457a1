import { serveEachFile } from './support/e2eServer';

serveEachFile();
