export { PhotoStrip, type PhotoStripProps } from './photo-strip';
export { PhotoViewer, type PhotoViewerProps } from './photo-viewer';
export { serverPhotos, type ViewerPhoto } from './photos';
export { usePhotoSrc, type PhotoSrcState } from './use-photo-src';
export { usePhotoAlt } from './use-photo-alt';
export { WaitingPhotoList } from './waiting-photo-list';
