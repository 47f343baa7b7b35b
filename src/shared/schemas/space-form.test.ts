import { describe, expect, it } from 'vitest';
import {
  availabilityStepSchema,
  basicsStepSchema,
  imagesStepSchema,
  isGoogleMapsUrl,
  locationStepSchema,
  pricingStepSchema,
  sarToHalalas,
  spaceFormSchema,
  toCreateSpaceRequest,
  type SpaceFormInput,
} from './space-form.ts';
import { createSpaceRequestSchema, translateRequestSchema } from './space-request.ts';

const IMAGE_A = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const IMAGE_B = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

const valid: SpaceFormInput = {
  listingLanguage: 'ar',
  nameAr: 'قاعة الياسمين',
  nameEn: '',
  descriptionAr: 'قاعة هادئة في حي العليا.',
  descriptionEn: '',
  type: 'meeting_room',
  address: 'طريق الملك فهد، حي العليا',
  city: 'riyadh',
  country: 'SA',
  googleMapsUrl: '',
  priceSar: '150',
  capacity: '12',
  amenities: ['wifi', 'projector'],
  contactPhone: '0512345678',
  contactEmail: 'Host@Example.com',
  imageIds: [IMAGE_A, IMAGE_B],
  availableDays: ['sunday', 'monday'],
  opensAt: '08:00',
  closesAt: '22:00',
};

/** The messages per field of a failed parse. */
function fieldErrors(schema: { safeParse: (v: unknown) => unknown }, value: unknown) {
  const result = schema.safeParse(value) as {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error!.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('the space form', () => {
  it('accepts a complete listing and normalises it', () => {
    const form = spaceFormSchema.parse(valid);
    expect(form).toMatchObject({
      nameAr: 'قاعة الياسمين',
      nameEn: null,
      descriptionEn: null,
      googleMapsUrl: null,
      priceSar: 150,
      capacity: 12,
      contactEmail: 'host@example.com',
      // stored Monday-first whatever order the wizard shows
      availableDays: ['monday', 'sunday'],
    });
    expect(toCreateSpaceRequest(form)).toMatchObject({ priceHalalas: 15_000, capacity: 12 });
    expect(createSpaceRequestSchema.parse(toCreateSpaceRequest(form)).priceHalalas).toBe(15_000);
  });

  it('reports every missing required field at once', () => {
    expect(fieldErrors(spaceFormSchema, { listingLanguage: 'ar' })).toEqual({
      nameAr: 'fields.required',
      descriptionAr: 'fields.required',
      type: 'fields.required',
      address: 'fields.required',
      city: 'fields.required',
      priceSar: 'fields.required',
      capacity: 'fields.required',
      contactPhone: 'fields.required',
      contactEmail: 'fields.required',
      imageIds: 'fields.imagesRequired',
      availableDays: 'fields.daysRequired',
      opensAt: 'fields.required',
      closesAt: 'fields.required',
    });
  });

  it('needs the name and description in the listing language only', () => {
    expect(fieldErrors(basicsStepSchema, { ...valid, nameAr: ' ', descriptionAr: '' })).toEqual({
      nameAr: 'fields.required',
      descriptionAr: 'fields.required',
    });
    const english = { ...valid, listingLanguage: 'en', nameAr: '', descriptionAr: '' };
    expect(fieldErrors(basicsStepSchema, english)).toEqual({
      nameEn: 'fields.required',
      descriptionEn: 'fields.required',
    });
    expect(
      basicsStepSchema.safeParse({ ...english, nameEn: 'Jasmine hall', descriptionEn: 'Quiet.' })
        .success,
    ).toBe(true);
    expect(fieldErrors(basicsStepSchema, { ...valid, listingLanguage: 'fr' })).toMatchObject({
      listingLanguage: 'fields.invalid',
    });
  });

  it('limits the name and description lengths', () => {
    expect(basicsStepSchema.safeParse({ ...valid, nameAr: 'ن'.repeat(120) }).success).toBe(true);
    expect(fieldErrors(basicsStepSchema, { ...valid, nameAr: 'ن'.repeat(121) })).toEqual({
      nameAr: 'fields.tooLong',
    });
    expect(basicsStepSchema.safeParse({ ...valid, descriptionAr: 'و'.repeat(3000) }).success).toBe(
      true,
    );
    expect(fieldErrors(basicsStepSchema, { ...valid, descriptionAr: 'و'.repeat(3001) })).toEqual({
      descriptionAr: 'fields.tooLong',
    });
  });

  it('accepts every space type and city of docs/product-spec.md, and nothing else', () => {
    expect(fieldErrors(basicsStepSchema, { ...valid, type: 'castle' })).toEqual({
      type: 'fields.notOneOf',
    });
    expect(fieldErrors(locationStepSchema, { ...valid, city: 'dubai' })).toEqual({
      city: 'fields.notOneOf',
    });
    expect(fieldErrors(locationStepSchema, { ...valid, country: 'AE' })).toEqual({
      country: 'fields.notOneOf',
    });
    expect(locationStepSchema.parse({ ...valid, country: undefined }).country).toBe('SA');
    expect(fieldErrors(locationStepSchema, { ...valid, address: 'ع'.repeat(301) })).toEqual({
      address: 'fields.tooLong',
    });
  });

  describe('price per hour (SAR): greater than 0, at most 1000', () => {
    it.each([
      ['0.01', 0.01],
      ['1', 1],
      ['999.99', 999.99],
      ['1000', 1000],
      ['١٥٠', 150],
      [' 12.5 ', 12.5],
      [250, 250],
    ])('accepts %j', (input, expected) => {
      expect(pricingStepSchema.parse({ ...valid, priceSar: input }).priceSar).toBe(expected);
    });
    it.each([
      ['0', 'fields.priceRange'],
      ['-5', 'fields.priceRange'],
      ['1000.01', 'fields.priceRange'],
      ['1001', 'fields.priceRange'],
      ['12.345', 'fields.priceDecimals'],
      ['abc', 'fields.number'],
      ['', 'fields.required'],
      [undefined, 'fields.required'],
    ])('refuses %j', (input, message) => {
      expect(fieldErrors(pricingStepSchema, { ...valid, priceSar: input })).toEqual({
        priceSar: message,
      });
    });
    it('converts to integer halalas without float error', () => {
      expect(sarToHalalas(150.5)).toBe(15_050);
      expect(sarToHalalas(0.29)).toBe(29);
      expect(sarToHalalas(1000)).toBe(100_000);
    });
    it('the API takes 1 to 100000 halalas, whole numbers', () => {
      const request = (priceHalalas: unknown) =>
        fieldErrors(createSpaceRequestSchema, {
          ...toCreateSpaceRequest(spaceFormSchema.parse(valid)),
          priceHalalas,
        });
      expect(request(1)).toEqual({});
      expect(request(100_000)).toEqual({});
      expect(request(0)).toEqual({ priceHalalas: 'fields.priceRange' });
      expect(request(100_001)).toEqual({ priceHalalas: 'fields.priceRange' });
      expect(request(150.5)).toEqual({ priceHalalas: 'fields.priceDecimals' });
      expect(request('15000')).toEqual({ priceHalalas: 'fields.invalid' });
    });
  });

  describe('capacity: a whole number greater than 0', () => {
    it.each([
      ['1', 1],
      ['10000', 10_000],
      ['٢٠', 20],
    ])('accepts %j', (input, expected) => {
      expect(pricingStepSchema.parse({ ...valid, capacity: input }).capacity).toBe(expected);
    });
    it.each([
      ['0', 'fields.capacityPositive'],
      ['-1', 'fields.capacityPositive'],
      ['2.5', 'fields.wholeNumber'],
      ['10001', 'fields.tooLong'],
      ['', 'fields.required'],
      ['ten', 'fields.number'],
    ])('refuses %j', (input, message) => {
      expect(fieldErrors(pricingStepSchema, { ...valid, capacity: input })).toEqual({
        capacity: message,
      });
    });
  });

  describe('contact phone: 05XXXXXXXX or 9665XXXXXXXX', () => {
    it.each([
      ['0512345678', '0512345678'],
      ['966512345678', '966512345678'],
      ['051 234 5678', '0512345678'],
      ['٠٥١٢٣٤٥٦٧٨', '0512345678'],
    ])('accepts %j', (input, stored) => {
      expect(pricingStepSchema.parse({ ...valid, contactPhone: input }).contactPhone).toBe(stored);
    });
    it.each([
      ['512345678', 'fields.contactPhone'],
      ['051234567', 'fields.contactPhone'],
      ['05123456789', 'fields.contactPhone'],
      ['0412345678', 'fields.contactPhone'],
      ['+966512345678', 'fields.contactPhone'],
      ['', 'fields.required'],
    ])('refuses %j', (input, message) => {
      expect(fieldErrors(pricingStepSchema, { ...valid, contactPhone: input })).toEqual({
        contactPhone: message,
      });
    });
  });

  it('contact email must be an address', () => {
    expect(fieldErrors(pricingStepSchema, { ...valid, contactEmail: 'host@' })).toEqual({
      contactEmail: 'fields.email',
    });
    expect(
      fieldErrors(pricingStepSchema, { ...valid, contactEmail: `${'a'.repeat(250)}@x.sa` }),
    ).toEqual({ contactEmail: 'fields.tooLong' });
  });

  it('amenities are the twelve of docs/product-spec.md, each once', () => {
    expect(
      pricingStepSchema.parse({ ...valid, amenities: ['wifi', 'wifi', 'parking'] }).amenities,
    ).toEqual(['wifi', 'parking']);
    expect(fieldErrors(pricingStepSchema, { ...valid, amenities: ['pool'] })).toEqual({
      'amenities.0': 'fields.notOneOf',
    });
  });

  describe('images: at least 1, at most 10', () => {
    const ids = (n: number) =>
      Array.from(
        { length: n },
        (_, i) => `7c9e6679-7425-40de-944b-e07fc1f90a${String(i).padStart(2, '0')}`,
      );
    it('accepts 1 and 10', () => {
      expect(imagesStepSchema.safeParse({ imageIds: ids(1) }).success).toBe(true);
      expect(imagesStepSchema.safeParse({ imageIds: ids(10) }).success).toBe(true);
    });
    it('refuses 0, 11, duplicates and ids that are not upload ids', () => {
      expect(fieldErrors(imagesStepSchema, { imageIds: [] })).toEqual({
        imageIds: 'fields.imagesRequired',
      });
      expect(fieldErrors(imagesStepSchema, { imageIds: ids(11) })).toEqual({
        imageIds: 'fields.imagesTooMany',
      });
      expect(fieldErrors(imagesStepSchema, { imageIds: [IMAGE_A, IMAGE_A] })).toEqual({
        imageIds: 'fields.invalid',
      });
      expect(fieldErrors(imagesStepSchema, { imageIds: ['../../etc/passwd'] })).toEqual({
        'imageIds.0': 'fields.imageNotFound',
      });
    });
  });

  describe('availability', () => {
    it('needs at least one day, and days of the week only', () => {
      expect(fieldErrors(availabilityStepSchema, { ...valid, availableDays: [] })).toEqual({
        availableDays: 'fields.daysRequired',
      });
      expect(fieldErrors(availabilityStepSchema, { ...valid, availableDays: ['someday'] })).toEqual(
        { 'availableDays.0': 'fields.notOneOf' },
      );
    });
    it.each([
      ['08:00', '08:01', true],
      ['00:00', '23:59', true],
      ['16:00', '02:00', true], // the next day's 02:00
      ['18:00', '00:00', true], // midnight
      ['22:00', '08:00', true],
      ['08:00', '08:00', false],
      ['00:00', '00:00', false],
    ])('opens %s, closes %s → %s', (opensAt, closesAt, ok) => {
      const errors = fieldErrors(availabilityStepSchema, { ...valid, opensAt, closesAt });
      expect(errors).toEqual(ok ? {} : { closesAt: 'fields.closesSameAsOpens' });
    });
    it.each(['24:00', '8:00', '08:60', 'noon'])('refuses the time %j', (time) => {
      expect(fieldErrors(availabilityStepSchema, { ...valid, opensAt: time })).toEqual({
        opensAt: 'fields.time',
      });
    });
  });
});

describe('Google Maps links', () => {
  it.each([
    'https://www.google.com/maps/place/Kingdom+Centre/@24.7114,46.6744,17z',
    'https://google.com/maps?q=24.7114,46.6744',
    'https://www.google.com.sa/maps/@24.7,46.6,15z',
    'https://www.google.co.uk/maps/place/Riyadh',
    'https://google.com/maps',
    'https://maps.google.com/?q=24.7114,46.6744',
    'https://maps.google.com.sa/maps?ll=24.7,46.6',
    'https://goo.gl/maps/AbCdEf123',
    'https://maps.app.goo.gl/AbCdEf123XyZ',
    'HTTPS://MAPS.APP.GOO.GL/AbCdEf123XyZ',
  ])('accepts %s', (url) => {
    expect(isGoogleMapsUrl(url)).toBe(true);
    expect(locationStepSchema.parse({ ...valid, googleMapsUrl: url }).googleMapsUrl).toBe(url);
  });

  it.each([
    'http://maps.google.com/?q=1,2',
    'http://maps.app.goo.gl/AbC',
    'https://google.com/search?q=maps',
    'https://www.google.com/',
    'https://google.com/mapsx',
    'https://goo.gl/AbCdEf',
    'https://maps.app.goo.gl/',
    'https://maps.google.com.evil.example/?q=1',
    'https://evil.example/maps.google.com',
    'https://google.evil.com/maps',
    'https://user:pass@maps.google.com/',
    'https://maps.google.com:8443/',
    'javascript:alert(1)//maps.google.com',
    'maps.google.com/?q=1,2',
    'not a url',
    'https://maps.google.com/?q=' + '1'.repeat(2048),
  ])('refuses %s', (url) => {
    expect(isGoogleMapsUrl(url)).toBe(false);
    expect(fieldErrors(locationStepSchema, { ...valid, googleMapsUrl: url })).toHaveProperty(
      'googleMapsUrl',
    );
  });

  it('is optional: blank or absent is no link', () => {
    expect(locationStepSchema.parse({ ...valid, googleMapsUrl: '  ' }).googleMapsUrl).toBeNull();
    expect(
      locationStepSchema.parse({ ...valid, googleMapsUrl: undefined }).googleMapsUrl,
    ).toBeNull();
    expect(locationStepSchema.parse({ ...valid, googleMapsUrl: null }).googleMapsUrl).toBeNull();
  });
});

describe('the translate request', () => {
  it('needs text and two different languages', () => {
    expect(translateRequestSchema.safeParse({ text: 'قاعة', from: 'ar', to: 'en' }).success).toBe(
      true,
    );
    expect(fieldErrors(translateRequestSchema, { text: 'x', from: 'ar', to: 'ar' })).toEqual({
      to: 'fields.invalid',
    });
    expect(fieldErrors(translateRequestSchema, { text: ' ', from: 'ar', to: 'en' })).toEqual({
      text: 'fields.required',
    });
    expect(
      fieldErrors(translateRequestSchema, { text: 'x'.repeat(3001), from: 'ar', to: 'en' }),
    ).toEqual({ text: 'fields.tooLong' });
  });
});
