/**
 * The form playground's examples: together they show every control of the spec's table and every
 * nesting level (object; array → object; object → array → object; four levels, which fall back to a
 * JSON textarea with a notice).
 */
export interface FormExample {
  id: string;
  title: string;
  schema: Record<string, unknown>;
  /** The value to start from; absent: the form's initial values. */
  value?: unknown;
}

export const examples: FormExample[] = [
  {
    id: 'controls',
    title: 'Every control (object, 1 level)',
    schema: {
      type: 'object',
      required: ['tags', 'meta'],
      properties: {
        title: {
          type: 'string',
          title: 'Title',
          minLength: 1,
          maxLength: 60,
          description: 'text input; minLength 1 marks it required',
        },
        category: {
          type: 'string',
          title: 'Category',
          enum: ['news', 'blog', 'event'],
          enumNames: ['News', 'Blog', 'Event'],
          nullable: false,
          description: 'select; enumNames are the labels, the first enum value is the initial one',
        },
        publish_date: { type: 'string', title: 'Publish date', format: 'date', nullable: false },
        starts_at: {
          type: ['string', 'null'],
          title: 'Starts at',
          format: 'date-time',
          description: 'date and time, stored with the zone’s offset; nullable: a Clear button',
        },
        thumbnail: {
          type: 'string',
          title: 'Thumbnail',
          format: 'file-manager',
          description: 'file manager: Choose… opens the picker',
        },
        body: {
          type: 'string',
          title: 'Body',
          format: 'html',
          description: 'rich-text editor, loaded when shown',
        },
        summary: { type: 'string', title: 'Summary', format: 'textarea', rows: 3 },
        price: { type: 'number', title: 'Price', minimum: 0, nullable: false },
        stars: {
          type: 'integer',
          title: 'Stars',
          enum: [null, 1, 2, 3],
          enumNames: ['(none)', '★', '★★', '★★★'],
          description: 'numeric select; null in enum makes null the initial value',
        },
        featured: { type: 'boolean', title: 'Featured', default: true },
        tags: {
          type: 'array',
          title: 'Tags',
          items: { type: 'string' },
          description: 'comma-separated textarea',
        },
        regions: {
          type: 'array',
          title: 'Regions',
          items: {
            type: 'string',
            enum: ['jp', 'us', 'eu'],
            enumNames: ['Japan', 'United States', 'Europe'],
          },
          minItems: 1,
          description: 'multi-select; minItems 1 asks for one choice at least',
        },
        meta: { type: 'object', title: 'Meta', description: 'an object is a JSON textarea' },
      },
    },
    value: {
      title: 'Spring campaign',
      category: 'event',
      publish_date: '2024-04-01',
      starts_at: '2024-04-01T10:00:00+09:00',
      thumbnail: '/files/user/images/spring.jpg',
      body: '<p>Our <strong>spring</strong> campaign starts soon.</p>',
      summary: 'Three days of events.',
      price: 1200,
      stars: 2,
      featured: true,
      tags: ['spring', 'sale'],
      regions: ['jp'],
      meta: { source: 'import', revision: 3 },
    },
  },
  {
    id: 'cards',
    title: 'Cards (array → object, 2 levels)',
    schema: {
      type: 'array',
      title: 'Staff',
      minItems: 1,
      maxItems: 4,
      items: {
        type: 'object',
        properties: {
          name: { type: 'string', title: 'Name', minLength: 1 },
          role: {
            type: 'string',
            title: 'Role',
            enum: ['editor', 'writer', 'designer'],
            enumNames: ['Editor', 'Writer', 'Designer'],
          },
          photo: { type: 'string', title: 'Photo', format: 'file-manager' },
          joined: { type: 'string', title: 'Joined', format: 'date' },
        },
      },
    },
    value: [
      { name: 'Aoi', role: 'editor', photo: '/files/user/staff/aoi.png', joined: '2021-04-01' },
      { name: 'Ren', role: 'writer', photo: '', joined: '2023-10-16' },
    ],
  },
  {
    id: 'nested',
    title: 'Object → cards → object (3 levels)',
    schema: {
      type: 'object',
      required: ['sections'],
      properties: {
        page_title: { type: 'string', title: 'Page title', minLength: 1 },
        sections: {
          type: 'array',
          title: 'Sections',
          maxItems: 5,
          items: {
            type: 'object',
            properties: {
              heading: { type: 'string', title: 'Heading' },
              body: {
                type: 'string',
                title: 'Body',
                format: 'html',
                format_options: { toolbar: 'basic', height: 120 },
              },
              image: { type: 'string', title: 'Image', format: 'file-manager' },
              layout: {
                type: 'string',
                title: 'Layout',
                enum: ['left', 'right', 'full'],
                enumNames: ['Image left', 'Image right', 'Full width'],
              },
              shown_from: { type: ['string', 'null'], title: 'Shown from', format: 'date-time' },
            },
          },
        },
      },
    },
    value: {
      page_title: 'About us',
      sections: [
        {
          heading: 'Who we are',
          body: '<p>A small team in <em>Kyoto</em>.</p>',
          image: '/files/user/images/team.jpg',
          layout: 'left',
          shown_from: null,
        },
        {
          heading: 'What we do',
          body: '<ul><li><p>Sites</p></li><li><p>Apps</p></li></ul>',
          image: '',
          layout: 'full',
          shown_from: '2024-06-01T09:00:00+09:00',
        },
      ],
    },
  },
  {
    id: 'too-deep',
    title: 'Four levels: the JSON fallback',
    schema: {
      type: 'array',
      title: 'Departments',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string', title: 'Department' },
          members: {
            type: 'array',
            title: 'Members',
            description: 'array → object → array → object: a fourth level, edited as JSON',
            items: {
              type: 'object',
              properties: {
                employee_id: { type: 'string', title: 'Employee id' },
                name: { type: 'string', title: 'Name' },
              },
            },
          },
        },
      },
    },
    value: [
      { name: 'Design', members: [{ employee_id: 'E-102', name: 'Sora' }] },
      { name: 'Sales', members: [] },
    ],
  },
  {
    id: 'rich-text',
    title: 'Rich-text options (format_options)',
    schema: {
      type: 'object',
      properties: {
        full: {
          type: 'string',
          title: 'Full toolbar, pixel sizes, custom colours',
          format: 'html',
          format_options: {
            subscript: true,
            strikethrough: true,
            use_font_size_px: true,
            customColors: '#d33,#2a7,#36c',
            height: 160,
          },
        },
        basic: {
          type: 'string',
          title: 'Basic toolbar',
          format: 'html',
          format_options: { toolbar: 'basic', height: 100 },
        },
        markdown: {
          type: 'string',
          title: 'Markdown',
          format: 'html',
          format_options: { use_markdown: '1', height: 120 },
        },
      },
    },
    value: {
      full: '<p>H<sub>2</sub>O and <s>old</s> <span style="color: #dd3333">red</span></p>',
      basic: '<p><strong>Bold</strong>, <em>italic</em> and a <a href="/about">link</a>.</p>',
      markdown: '## Markdown\n\nWith **bold** text and a [link](/about).',
    },
  },
  {
    id: 'validation',
    title: 'Validation and custom messages',
    schema: {
      type: 'object',
      properties: {
        code: {
          type: 'string',
          title: 'Product code',
          pattern: '^[A-Z]{3}-[0-9]{3}$',
          errorMessage: {
            pattern: { ja: 'ABC-123 の形式で入力してください。', en: 'Use the form ABC-123.' },
          },
        },
        quantity: { type: 'integer', title: 'Quantity', minimum: 1, maximum: 99, nullable: false },
        email: { type: 'string', title: 'Contact e-mail', format: 'email', minLength: 1 },
        note: { type: ['string', 'null'], title: 'Note', maxLength: 20 },
      },
    },
    value: {
      code: 'abc',
      quantity: 120,
      email: 'not an address',
      note: 'This note is longer than twenty characters.',
    },
  },
];
