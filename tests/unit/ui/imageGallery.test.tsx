import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ImageGallery } from '../../../src/ui/ImageGallery';
import type { ShownImage } from '../../../src/ui/imageSources';

const image = (n: number, extra: Partial<ShownImage> = {}): ShownImage => ({
  id: `0193a000-0000-7000-8000-00000000b00${n}`,
  name: `foto-${n}.jpg`,
  mime_type: 'image/jpeg',
  size: 1_000_000,
  width: 2000,
  height: 1500,
  widths: [320, 640, 1280],
  ...extra,
});
const fileOf = (shown: ShownImage) => `/api/v1/attachments/${shown.id}/file`;

function renderGallery(images: ShownImage[], title = 'Nuevos libros') {
  return render(
    <I18nProvider i18n={i18n}>
      <ImageGallery images={images} title={title} eager />
    </I18nProvider>,
  );
}

/** A key pressed where focus is (the viewer keeps it inside). */
const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });

const shownPicture = () => within(screen.getByRole('dialog')).getByRole('img');

afterEach(() => {
  document.documentElement.dir = '';
  // Leaves no entry of an open viewer for the next test.
  window.history.replaceState(null, '');
});

describe("a post's pictures", () => {
  it('draw one picture large with every variant in srcset, its size set and the text its author wrote', () => {
    renderGallery([image(1, { alt: 'Estantes con libros nuevos' })]);
    const picture = screen.getByRole('img', { name: 'Estantes con libros nuevos' });
    expect(picture.getAttribute('srcset')).toBe(`${fileOf(image(1))}?w=320 320w, ${fileOf(image(1))}?w=640 640w, ${fileOf(image(1))}?w=1280 1280w`);
    expect(picture.getAttribute('sizes')).toMatch(/720px/);
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['2000', '1500']);
    expect(picture.getAttribute('loading')).toBe('eager');
  });

  it('draw several as thumbnails up to the 640 variant, named by the title and their place when no text was written', () => {
    renderGallery([image(1), image(2), image(3), image(4)]);
    const pictures = screen.getAllByRole('img');
    expect(pictures.map((picture) => picture.getAttribute('alt'))).toEqual([1, 2, 3, 4].map((n) => `Nuevos libros, photo ${n} of 4`));
    expect(pictures[0]!.getAttribute('srcset')).not.toMatch(/1280/);
    // Those past the first row wait until scrolled to.
    expect(pictures.map((picture) => picture.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'lazy']);
  });
});

describe('the picture viewer', () => {
  it('opens on the picture clicked, goes on with the arrow keys and the buttons, and closes with Escape back on its thumbnail', async () => {
    renderGallery([image(1), image(2), image(3)]);
    const depth = window.history.length;
    fireEvent.click(screen.getAllByRole('button')[1]!);
    const dialog = screen.getByRole('dialog', { name: 'Photo 2 of 3' });
    expect(shownPicture().getAttribute('src')).toBe(`${fileOf(image(2))}?w=1280`);
    expect(shownPicture().getAttribute('sizes')).toBe('100vw');
    // Opening pushed one entry, for Back.
    expect(window.history.length).toBe(depth + 1);

    press('ArrowRight');
    expect(screen.getByRole('dialog', { name: 'Photo 3 of 3' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Next photo' })).toHaveProperty('disabled', true);
    press('ArrowRight');
    expect(screen.getByRole('dialog', { name: 'Photo 3 of 3' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous photo' }));
    press('ArrowLeft');
    expect(screen.getByRole('dialog', { name: 'Photo 1 of 3' })).toBeTruthy();

    press('Escape');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Escape went back from the viewer's entry, and focus is on the picture last shown.
    expect((window.history.state as Record<string, unknown> | null)?.patioOverlay).toBeUndefined();
    expect(document.activeElement).toBe(screen.getAllByRole('button')[0]);
  });

  it("closes with the browser's Back without leaving the page", async () => {
    window.history.replaceState({ idx: 3, key: 'post' }, '');
    renderGallery([image(1), image(2)]);
    fireEvent.click(screen.getAllByRole('button')[0]!);
    expect(screen.getByRole('dialog')).toBeTruthy();
    // The router's own state is kept in the viewer's entry.
    expect(window.history.state).toMatchObject({ idx: 3, key: 'post', patioOverlay: true });
    press('ArrowRight');
    expect(screen.getByRole('dialog', { name: 'Photo 2 of 2' })).toBeTruthy();

    await act(async () => {
      const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      window.history.back();
      await popped;
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.history.state).toEqual({ idx: 3, key: 'post' });
    expect(document.activeElement).toBe(screen.getAllByRole('button')[1]);
  });

  it('mirrors the arrow keys and the swipe in right-to-left', () => {
    document.documentElement.dir = 'rtl';
    renderGallery([image(1), image(2), image(3)]);
    fireEvent.click(screen.getAllByRole('button')[0]!);
    press('ArrowLeft');
    expect(screen.getByRole('dialog', { name: 'Photo 2 of 3' })).toBeTruthy();
    press('ArrowRight');
    expect(screen.getByRole('dialog', { name: 'Photo 1 of 3' })).toBeTruthy();

    // A finger moving right brings the next picture in right-to-left.
    const stage = shownPicture().parentElement!;
    fireEvent.pointerDown(stage, { pointerId: 1, clientX: 100, clientY: 200, pointerType: 'touch' });
    fireEvent.pointerMove(stage, { pointerId: 1, clientX: 180, clientY: 205, pointerType: 'touch' });
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: 220, clientY: 205, pointerType: 'touch' });
    expect(screen.getByRole('dialog', { name: 'Photo 2 of 3' })).toBeTruthy();
  });

  it('swipes to the next picture in left-to-right, and zooms with a double click or the button', () => {
    renderGallery([image(1), image(2)]);
    fireEvent.click(screen.getAllByRole('button')[0]!);
    const stage = shownPicture().parentElement!;
    fireEvent.pointerDown(stage, { pointerId: 1, clientX: 300, clientY: 200, pointerType: 'touch' });
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: 200, clientY: 210, pointerType: 'touch' });
    expect(screen.getByRole('dialog', { name: 'Photo 2 of 2' })).toBeTruthy();

    fireEvent.doubleClick(stage);
    expect(shownPicture().style.transform).toMatch(/scale\(2\.5\)/);
    // Zoomed, a drag moves the picture instead of going to another one.
    fireEvent.pointerDown(stage, { pointerId: 2, clientX: 300, clientY: 200, pointerType: 'mouse' });
    fireEvent.pointerMove(stage, { pointerId: 2, clientX: 400, clientY: 200, pointerType: 'mouse' });
    fireEvent.pointerUp(stage, { pointerId: 2, clientX: 400, clientY: 200, pointerType: 'mouse' });
    expect(screen.getByRole('dialog', { name: 'Photo 2 of 2' })).toBeTruthy();
    expect(shownPicture().style.transform).toMatch(/translate\(100px, 0px\) scale\(2\.5\)/);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(shownPicture().style.transform).toMatch(/scale\(1\)/);
  });
});
