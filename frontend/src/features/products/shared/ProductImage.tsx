import { MediaIcon } from '@blueprintjs/icons';
import { isImageUrl } from '@stockroom/schema';
import { useState } from 'react';

export interface ProductImageProps {
  url: string | null;
  name: string;
  size: 'thumb' | 'card' | 'large';
}

/**
 * The product's picture, or a placeholder. Only an absolute http(s) URL or one
 * of the app's own uploads ever reaches the <img>: a `javascript:` or `data:` URL is shown as the
 * placeholder, as is an image that fails to load.
 */
export function ProductImage({ url, name, size }: ProductImageProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const src = url && isImageUrl(url) && failedUrl !== url ? url : null;
  if (!src) {
    return (
      <div className={`product-image product-image--${size} product-image--placeholder`} role="img" aria-label={`No image for ${name}`}>
        <MediaIcon size={size === 'thumb' ? 16 : 40} />
      </div>
    );
  }
  return (
    <img
      className={`product-image product-image--${size}`}
      src={src}
      alt={name}
      // The detail page's picture is what the page is about: load it at once.
      loading={size === 'large' ? 'eager' : 'lazy'}
      referrerPolicy="no-referrer"
      onError={() => setFailedUrl(src)}
    />
  );
}
