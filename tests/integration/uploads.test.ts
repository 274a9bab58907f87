import { diskStore } from '../support/upload-stores';
import { uploadSuite } from './uploads.suite';

/** Image uploads with the default store: files in DATA_DIR/uploads. */
uploadSuite(diskStore);
